import { fromOwnOrigin, ownPageElsewhere } from './same-origin.js';

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

describe('ownPageElsewhere', () => {
  it.each([
    [{ host: '10.0.0.5:3000', origin: 'http://10.0.0.5:3000' }, 'http://10.0.0.5:3000'],
    [
      { host: 'content.internal', referer: 'http://content.internal/console' },
      'http://content.internal',
    ],
    [{ host: 'content.internal:80', origin: 'http://content.internal' }, 'http://content.internal'],
  ])('names the address a page of this server was opened at: %j', (headers, expected) => {
    expect(ownPageElsewhere({ headers }, BASE)).toBe(expected);
  });

  it.each([
    { host: 'content.example.com', origin: 'https://content.example.com' },
    { host: 'content.example.com', origin: 'https://evil.example' },
    { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' },
    { host: 'content.internal', origin: 'null' },
    { host: 'content.internal', referer: 'not a url' },
    { host: 'content.internal' },
    { origin: 'http://content.internal' },
  ])('names nothing for a page of the public address or of another site: %j', (headers) => {
    expect(ownPageElsewhere({ headers }, BASE)).toBeUndefined();
  });
});
