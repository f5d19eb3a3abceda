/** The names every host gives its own loopback interface. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origin a request addressed (its `Host`) when that is another loopback
 * name of a loopback public address, on the same port — `127.0.0.1:3000`
 * while PUBLIC_BASE_URL is `http://localhost:3000`: the same server on the
 * same machine, reached by another name. Null for the public address itself,
 * another port, any other name, or a public address that is not loopback.
 */
export function loopbackAlias(
  publicBaseUrl: string,
  hostHeader: string | undefined,
): string | null {
  const own = new URL(publicBaseUrl);
  if (!LOOPBACK_HOSTNAMES.includes(own.hostname) || !hostHeader) return null;
  let addressed: URL;
  try {
    addressed = new URL(`${own.protocol}//${hostHeader}`);
  } catch {
    return null;
  }
  // The Host header is a host and port only; anything after it is no alias.
  if (`${addressed.protocol}//${addressed.host}/` !== addressed.href) return null;
  if (!LOOPBACK_HOSTNAMES.includes(addressed.hostname)) return null;
  if (addressed.port !== own.port || addressed.hostname === own.hostname) return null;
  return addressed.origin;
}

/** The base URL a request addressed: its loopback alias (above), else PUBLIC_BASE_URL. */
export function addressedBase(publicBaseUrl: string, hostHeader: string | undefined): string {
  return loopbackAlias(publicBaseUrl, hostHeader) ?? publicBaseUrl;
}
