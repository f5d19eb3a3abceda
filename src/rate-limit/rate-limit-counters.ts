/** The rolling window every per-minute limit uses. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Whose counter a call counts against: the key's when a key was recognised, else the client
 * address's. The subject is a Redis Cluster hash tag (`{…}`), so that every counter of one key
 * (its requests, a route's bucket: `mcp-protocol:{key:7}`) lives in one slot, on one node, while
 * different keys spread over the cluster.
 */
export function keyTracker(keyId: number): string {
  return `{key:${keyId}}`;
}

/** An assistant's connection counts on its own counter, as a key does. */
export function connectionTracker(connectionId: number): string {
  return `{connection:${connectionId}}`;
}

/** The counter of the key or connection a request presented, if one was recognised. */
export function credentialTracker(
  auth: { keyId: number | null; connectionId: number | null } | undefined,
): string | null {
  if (auth?.keyId != null) return keyTracker(auth.keyId);
  if (auth?.connectionId != null) return connectionTracker(auth.connectionId);
  return null;
}

export function addressTracker(address: string | undefined): string {
  return `{address:${address === undefined ? 'unknown' : clientBlock(address)}}`;
}

/**
 * The storage key of a tracker's counter. One counter per tracker, whatever
 * the route or channel, so that API and agent calls of a key share it.
 */
export function counterKey(tracker: string): string {
  return `rate:${tracker}`;
}

/**
 * An IPv4 address as is (also when IPv4-mapped), an IPv6 address as its /64:
 * one subscriber usually holds a whole /64 and could otherwise change
 * address with every request.
 */
export function clientBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
          ...right,
        ];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
