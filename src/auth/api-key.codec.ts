import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^cbr_[0-9A-Za-z]{40}$/;
export const KEY_PREFIX_LENGTH = 8;

/** A new key: `cbr_` and 40 base62 characters, drawn without modulo bias. */
export function generateApiKey(): string {
  let out = '';
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 40) out += ALPHABET[byte % 62];
    }
  }
  return `cbr_${out}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
