import { createHash } from 'node:crypto';

/** Record ids are stored as their SHA-256 only: for codes and tokens the id is the secret itself. */
export function recordIdHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
