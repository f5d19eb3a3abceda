import { isRegistrableRedirect } from './registrable-redirects.js';

describe('isRegistrableRedirect', () => {
  it.each([
    'https://assistant.example/callback',
    'https://127.0.0.1:8443/callback',
    'http://127.0.0.1/callback',
    'http://localhost:33418/',
    'http://[::1]:8123/cb',
  ])('accepts %s', (uri) => {
    expect(isRegistrableRedirect(uri)).toBe(true);
  });

  it.each([
    'http://evil.example/cb',
    'http://127.0.0.1.evil.example/cb',
    'http://localhost.evil.example/cb',
    'http://10.0.0.1/cb',
    'com.example.app:/callback',
    'javascript:alert(1)',
    'not a url',
    42,
  ])('refuses %p', (uri) => {
    expect(isRegistrableRedirect(uri)).toBe(false);
  });
});
