import { allowedHostnames, isAllowedHost } from './allowed-hosts.js';

describe('allowed hosts of /mcp', () => {
  const allowed = allowedHostnames('https://api.example.com');

  it.each([
    'api.example.com',
    'api.example.com:443',
    'localhost:3000',
    '127.0.0.1:51234',
    '[::1]:3000',
  ])('accepts %s', (host) => expect(isAllowedHost(host, allowed)).toBe(true));

  it.each([
    undefined,
    '',
    'evil.example',
    'api.example.com.evil.example',
    'a b',
    'evil.example:3000',
  ])('refuses %s', (host) => expect(isAllowedHost(host, allowed)).toBe(false));
});
