import { clientName } from './client-name.js';

describe('clientName', () => {
  it('names a browser and its system', () => {
    expect(
      clientName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · macOS');
  });

  it('keeps a short agent whole and cuts a long one', () => {
    expect(clientName('report-bot/2.0')).toBe('report-bot/2.0');
    expect(clientName(`x-${'a'.repeat(60)}`)).toBe(`x-${'a'.repeat(38)}…`);
  });
});
