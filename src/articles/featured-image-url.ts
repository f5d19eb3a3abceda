import { isIP } from 'node:net';

export const MAX_URL_LENGTH = 2048;

export type FeaturedImageUrlVerdict = { url: string } | { problem: string; limit?: number };

/**
 * A featured-image URL as it is stored, or what is wrong with it. It must be
 * an absolute http or https URL written as a browser reads it (no spaces or
 * control characters), without credentials, on a public host, and at most
 * 2,048 characters as given and as stored. It is stored as the WHATWG URL
 * parser serialises it (what a browser would request: quotes and angle
 * brackets percent-encoded, host lower-cased and IDNA-encoded, dot segments
 * and default ports gone), so it is safe in an attribute or a report as is.
 * The server never fetches it; refusing loopback, private and link-local
 * addresses (the cloud metadata service among them) and local names keeps
 * anyone who does — a report generator, a browser on an office network —
 * from being pointed inside a network by an article. Names are not resolved.
 */
export function featuredImageUrl(given: string): FeaturedImageUrlVerdict {
  const tooLong = {
    problem: `must be at most ${MAX_URL_LENGTH} characters`,
    limit: MAX_URL_LENGTH,
  };
  if (given.length > MAX_URL_LENGTH) return tooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(given)) {
    return { problem: 'must not contain spaces or control characters' };
  }
  if (!/^https?:\/\//i.test(given) || !URL.canParse(given)) {
    return { problem: 'must be an absolute http or https URL' };
  }
  const url = new URL(given);
  if (url.username !== '' || url.password !== '')
    return { problem: 'must not contain credentials' };
  if (!isPublicHost(url.hostname)) {
    return {
      problem:
        'must point to a public host (loopback, private, link-local and local names are refused)',
    };
  }
  if (url.href.length > MAX_URL_LENGTH) {
    return { ...tooLong, problem: `${tooLong.problem} once percent-encoded` };
  }
  return { url: url.href };
}

/** IPv4 blocks that are not the public internet (RFC 6890 and friends). */
const NON_PUBLIC_IPV4: Array<[number, number]> = [
  [0x00000000, 8], // "this network", 0.0.0.0
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, cloud metadata (169.254.169.254)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 3], // multicast and reserved, broadcast
];

/** IPv6 prefixes that are not the public internet, as (first 16 bits, mask). */
const NON_PUBLIC_IPV6: Array<[number, number]> = [
  [0xfc00, 0xfe00], // unique local
  [0xfe80, 0xffc0], // link-local
  [0xff00, 0xff00], // multicast
];

function isPublicHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '');
  switch (isIP(name)) {
    case 4:
      return isPublicIpv4(ipv4Number(name));
    case 6:
      return isPublicIpv6(name);
    default:
      return (
        name.includes('.') &&
        name !== 'localhost' &&
        !name.endsWith('.localhost') &&
        !name.endsWith('.internal')
      );
  }
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isPublicIpv4(address: number): boolean {
  return !NON_PUBLIC_IPV4.some(
    ([block, bits]) => address >>> (32 - bits) === block >>> (32 - bits),
  );
}

function isPublicIpv6(address: string): boolean {
  const groups = ipv6Groups(address);
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] <= 1) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses reach the IPv4 address.
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) return isPublicIpv4(groups[6] * 0x10000 + groups[7]);
  return !NON_PUBLIC_IPV6.some(([prefix, mask]) => (groups[0] & mask) === prefix);
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (hex, `::` compressed). */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}
