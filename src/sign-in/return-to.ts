const MAX_LENGTH = 2_048;
const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';

/**
 * Where to send a user after signing in: only a path on this server (with its
 * query), never another site. `//evil.example`, `/\evil.example`, absolute
 * URLs and anything with control characters fall back to `fallback`.
 */
export function safeReturnTo(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (value.startsWith('//')) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (parsed.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return `${parsed.pathname}${parsed.search}`;
}
