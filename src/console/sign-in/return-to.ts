const MAX_LENGTH = 2_048;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Where to send a user after signing in: only a path on this server (with its
 * query), never another site. The value is first resolved as a browser would
 * resolve it (WHATWG URL parsing against the public origin: dot segments and
 * their percent-encodings removed, backslashes read as slashes), and only a
 * result on that origin is kept, as a path. A path that normalises to `//…`
 * (`/.//evil.example`, `/console/..//evil.example`) would be read by the
 * browser as another host, so it falls back too, as does anything with
 * control characters or longer than 2,048 characters.
 */
export function safeReturnTo(value: unknown, publicBaseUrl: string, fallback: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  if (value === '' || CONTROL_CHARACTERS.test(value)) return fallback;
  const origin = new URL(publicBaseUrl).origin;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  const path = `${target.pathname}${target.search}`;
  if (path.startsWith('//') || path.length > MAX_LENGTH) return fallback;
  return path;
}
