import { matchesLoopbackRedirect } from './loopback-redirects.js';

describe('matchesLoopbackRedirect', () => {
  const registered = ['http://127.0.0.1:3000/callback', 'http://localhost/cb'];

  it('accepts any port on a registered loopback redirect', () => {
    expect(matchesLoopbackRedirect('http://127.0.0.1:51234/callback', registered)).toBe(true);
    expect(matchesLoopbackRedirect('http://localhost:8080/cb', registered)).toBe(true);
  });

  it('refuses another path, host, scheme or query', () => {
    expect(matchesLoopbackRedirect('http://127.0.0.1:51234/other', registered)).toBe(false);
    expect(matchesLoopbackRedirect('http://localhost:8080/callback', registered)).toBe(false);
    expect(matchesLoopbackRedirect('https://127.0.0.1:51234/callback', registered)).toBe(false);
    expect(matchesLoopbackRedirect('http://127.0.0.1:5/callback?x=1', registered)).toBe(false);
    expect(matchesLoopbackRedirect('http://evil.example/callback', registered)).toBe(false);
  });
});
