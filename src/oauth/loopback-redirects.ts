/** This machine's names as a redirect URI's hostname spells them. */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * RFC 8252: a redirect to `http://127.0.0.1`, `http://localhost` or
 * `http://[::1]` matches a registered one on the same host and path whatever
 * its port, since a desktop assistant listens on whichever port is free.
 * Every other redirect URI must match exactly.
 */
export function matchesLoopbackRedirect(value: string, registered: readonly string[]): boolean {
  const asked = withoutPort(value);
  return asked !== undefined && registered.some((uri) => withoutPort(uri) === asked);
}

function withoutPort(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  url.port = '';
  return url.href;
}
