import { fromOwnOrigin } from './same-origin.js';

const BASE = 'https://content.example.com';

describe('fromOwnOrigin', () => {
  it.each([
    [{ origin: 'https://content.example.com' }, true],
    [{ origin: 'https://content.example.com:443' }, false],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'http://content.example.com' }, false],
    [{ origin: 'null' }, false],
    [{ referer: 'https://content.example.com/console/connection' }, true],
    [{ referer: 'https://evil.example/console' }, false],
    [{ referer: 'not a url' }, false],
    [{ origin: 'https://evil.example', referer: 'https://content.example.com/' }, false],
    [{}, true],
  ])('%j → %s', (headers, expected) => {
    expect(fromOwnOrigin({ headers }, BASE)).toBe(expected);
  });
});
