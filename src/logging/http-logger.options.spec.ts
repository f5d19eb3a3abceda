import { loggedUrl, requestLineLevel } from './http-logger.options.js';

describe('loggedUrl', () => {
  it('hides a set-password token and keeps the rest', () => {
    expect(loggedUrl('/console/set-password?token=abc_DEF-123')).toBe(
      '/console/set-password?token=[redacted]',
    );
    expect(loggedUrl('/x?a=1&token=secret&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(loggedUrl('/api/v1/sites?page=2')).toBe('/api/v1/sites?page=2');
  });
});

describe('requestLineLevel', () => {
  it('is error for a 5xx or a failure, warn when slow, debug otherwise', () => {
    expect(requestLineLevel(503, false, 5, 1000)).toBe('error');
    expect(requestLineLevel(200, true, 5, 1000)).toBe('error');
    expect(requestLineLevel(200, false, 1000, 1000)).toBe('warn');
    expect(requestLineLevel(404, false, 999, 1000)).toBe('debug');
    expect(requestLineLevel(200, false, 3, 1000)).toBe('debug');
  });
});
