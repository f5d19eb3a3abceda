import { addressedBase, loopbackAlias } from './loopback-names.js';

describe('loopbackAlias', () => {
  it.each([
    ['http://localhost:3000', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://localhost:3000', '[::1]:3000', 'http://[::1]:3000'],
    ['http://127.0.0.1:3000', 'localhost:3000', 'http://localhost:3000'],
    ['http://[::1]:8080', 'LOCALHOST:8080', 'http://localhost:8080'],
    ['http://localhost', '127.0.0.1', 'http://127.0.0.1'],
    ['http://localhost', '127.0.0.1:80', 'http://127.0.0.1'],
    ['https://localhost:8443', '127.0.0.1:8443', 'https://127.0.0.1:8443'],
  ])('%s at %s is its alias %s', (publicBaseUrl, host, alias) => {
    expect(loopbackAlias(publicBaseUrl, host)).toBe(alias);
    expect(addressedBase(publicBaseUrl, host)).toBe(alias);
  });

  it.each([
    ['http://localhost:3000', 'localhost:3000', 'the public address itself'],
    ['http://localhost:3000', '127.0.0.1:3001', 'another port'],
    ['http://localhost:3000', '127.0.0.1', 'another (default) port'],
    ['http://localhost:3000', 'mybox.lan:3000', 'a name that is not loopback'],
    ['http://localhost:3000', '127.0.0.2:3000', 'a loopback address that is no usual name'],
    ['http://localhost:3000', undefined, 'no Host header'],
    ['http://localhost:3000', 'a b', 'a Host header that is no host'],
    ['http://localhost:3000', '127.0.0.1:3000/x', 'a Host header with a path'],
    ['https://content.example.com', '127.0.0.1', 'a public address that is not loopback'],
    ['https://content.example.com', 'localhost:443', 'a public address that is not loopback'],
  ])('%s at %s is no alias: %s', (publicBaseUrl, host, _why) => {
    expect(loopbackAlias(publicBaseUrl, host)).toBeNull();
    expect(addressedBase(publicBaseUrl, host)).toBe(publicBaseUrl);
  });
});
