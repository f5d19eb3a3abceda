import { loggedUrl } from './http-logger.options.js';

describe('loggedUrl', () => {
  it('hides a set-password token and keeps the rest', () => {
    expect(loggedUrl('/console/set-password?token=abc_DEF-123')).toBe(
      '/console/set-password?token=[redacted]',
    );
    expect(loggedUrl('/x?a=1&token=secret&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(loggedUrl('/api/v1/sites?page=2')).toBe('/api/v1/sites?page=2');
  });
});
