import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids
 * made in time order keep the learning log's primary-key index append-only.
 *
 * The random bits are those of a v4 UUID from randomUUID, which draws from an
 * entropy pool Node refills in bulk: one is minted for every call, and a
 * fresh randomBytes buffer per call cost more than the rest of the id. A v4
 * UUID has random bits where v7 has them, and the same variant.
 */
export function uuidV7(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  const random = randomUUID();
  // random: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, V the RFC 9562 variant.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}
