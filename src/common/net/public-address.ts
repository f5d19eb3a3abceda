import { BlockList, isIP } from 'node:net';

/**
 * Addresses that are not the public internet, so that nothing the service
 * fetches (an assistant's metadata document) or hands on (a featured-image
 * URL) can point inside a network: this host, private networks, link-local
 * (cloud metadata services), carrier-grade NAT, multicast and every other
 * special-use range of IANA's registries, in IPv4 and IPv6. BlockList checks
 * an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in either spelling) against
 * the IPv4 ranges. Every other IPv6 form that carries an IPv4 address — the
 * deprecated IPv4-compatible (::a.b.c.d) and IPv4-translated
 * (::ffff:0:a.b.c.d) forms, NAT64 (64:ff9b::/96) and 6to4 (2002::/16) — is
 * refused whole, whatever it embeds: none is an address a client document
 * or an image is legitimately served from.
 */
const SPECIAL_USE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-compatible (deprecated, RFC 4291), with :: and ::1 in it.
  ['::', 96],
  // IPv4-translated (RFC 2765).
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, RFC 3879).
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is an ordinary public address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !SPECIAL_USE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
