import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it.each([
    ['/console/articles/12', '/console/articles/12'],
    ['/console/activity?channel=api&before=x', '/console/activity?channel=api&before=x'],
    [
      '/oauth/authorize?client_id=https%3A%2F%2Fa.example&state=s',
      '/oauth/authorize?client_id=https%3A%2F%2Fa.example&state=s',
    ],
    ['/console/../console/connection', '/console/connection'],
  ])('keeps a path on this server: %s', (value, kept) => {
    expect(safeReturnTo(value, '/console')).toBe(kept);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'console',
    '/console\n/x',
    '/console\t',
    '',
    `/${'a'.repeat(3000)}`,
    42,
    undefined,
    ['/console'],
  ])('falls back for anything else: %j', (value) => {
    expect(safeReturnTo(value, '/console')).toBe('/console');
  });
});
