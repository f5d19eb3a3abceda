import { LOOPBACK_HOSTS } from './loopback-redirects.js';

/**
 * Which redirect URIs an assistant may register (dynamically or in its
 * metadata document), as the MCP authorization specification requires: https,
 * or http to this machine (127.0.0.1, localhost, [::1]) for desktop
 * assistants. A code sent anywhere else in the clear could be read on the
 * way, so `http://evil.example/cb`, custom schemes and the rest are refused.
 */
export function isRegistrableRedirect(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

/** The refusal (`invalid_redirect_uri`: it names `redirect_uris`) a client gets otherwise. */
export const REGISTRABLE_REDIRECTS_RULE =
  'redirect_uris must be https addresses, or http addresses on 127.0.0.1, localhost or [::1]';
