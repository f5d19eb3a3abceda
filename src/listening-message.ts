import type { AddressInfo } from 'node:net';

const ALL_INTERFACES = ['0.0.0.0', '::'];

/**
 * The start-up line: where the server really listens — the bound address,
 * which is not where users reach it — and the public address it announces.
 */
export function listeningMessage(address: AddressInfo, publicBaseUrl: string): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const scope = ALL_INTERFACES.includes(address.address) ? ' (all interfaces)' : '';
  return `content-api listening on ${host}:${address.port}${scope}; public address ${publicBaseUrl}`;
}
