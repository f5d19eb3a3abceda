import { userAgentLabel } from './user-agent-label.js';

describe('userAgentLabel', () => {
  it('names the browser with its major version and the system', () => {
    expect(
      userAgentLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', system: 'macOS Catalina' });
    expect(
      userAgentLabel('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({ browser: 'Firefox 133', system: 'Linux' });
  });

  it('says unknown for a missing or unreadable agent', () => {
    expect(userAgentLabel(null)).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
    expect(userAgentLabel('curl/8.0')).toEqual({
      browser: 'Unknown browser',
      system: 'Unknown system',
    });
  });
});
