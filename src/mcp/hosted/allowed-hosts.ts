import { LOOPBACK_HOSTNAMES } from '../../common/net/loopback-names.js';

/**
 * DNS-rebinding protection for /mcp: a page on another site that resolves
 * its own name to this server still sends its own name as Host. Only the
 * public host (PUBLIC_BASE_URL) and loopback names are accepted, any port.
 */
export function allowedHostnames(publicBaseUrl: string): string[] {
  return [new URL(publicBaseUrl).hostname, ...LOOPBACK_HOSTNAMES];
}

export function isAllowedHost(hostHeader: string | undefined, allowed: string[]): boolean {
  if (hostHeader === undefined || hostHeader === '') return false;
  try {
    return allowed.includes(new URL(`http://${hostHeader}`).hostname);
  } catch {
    return false;
  }
}
