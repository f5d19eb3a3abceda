import { randomInt, scrypt, timingSafeEqual, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { returnedRows } from './returned-rows.js';

/** Ten codes, as accounts.md asks. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no I, L, O or U to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters, 60 bits, shown as XXXX-XXXX-XXXX. */
const LENGTH = 12;
const LOOKUP = 4;
/** scrypt with a 16-byte salt: an approved password hash, as ASVS 6.5.2 asks of codes under 112 bits. */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * Recovery codes: ten random codes shown once, stored as salted scrypt
 * hashes, each usable once. The first four characters are stored in clear
 * as a lookup, so that a code typed is checked against one hash, not ten;
 * the other 40 bits are the secret, and the second step's slow-down bounds
 * how fast they can be guessed.
 */
@Injectable()
export class RecoveryCodes {
  constructor(private readonly dataSource: DataSource) {}

  /** New codes (the old ones stop working), returned to be shown once. */
  async regenerate(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    const rows = await Promise.all(
      codes.map(async (code) => [code.slice(0, LOOKUP), await hash(code)]),
    );
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
      await manager.query(
        `INSERT INTO recovery_codes (user_id, lookup, code_hash)
         SELECT $1, lookup, code_hash FROM unnest($2::text[], $3::text[]) AS t (lookup, code_hash)`,
        [userId, rows.map((row) => row[0]), rows.map((row) => row[1])],
      );
    });
    return codes.map(format);
  }

  async remaining(userId: number): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return row.n;
  }

  /** Whether `typed` is an unused code of the person; it is then used up. */
  async use(userId: number, typed: string): Promise<boolean> {
    const code = normalise(typed);
    if (code === null) return false;
    const candidates = await this.dataSource.query<Array<{ id: number; code_hash: string }>>(
      `SELECT id, code_hash FROM recovery_codes WHERE user_id = $1 AND lookup = $2 AND used_at IS NULL`,
      [userId, code.slice(0, LOOKUP)],
    );
    for (const candidate of candidates) {
      if (!(await matches(code, candidate.code_hash))) continue;
      const used = await this.dataSource.query<unknown>(
        `UPDATE recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`,
        [candidate.id],
      );
      return returnedRows(used).length > 0;
    }
    return false;
  }

  async removeAll(userId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  }
}

/** Whether a second-step entry looks like a recovery code rather than an app's six digits. */
export function looksLikeRecoveryCode(typed: string): boolean {
  return normalise(typed) !== null;
}

function newCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

function format(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** Upper case, without spaces or dashes, with the letters people confuse read as Crockford says. */
function normalise(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

async function hash(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}$${(await derive(code, salt)).toString('base64url')}`;
}

async function matches(code: string, stored: string): Promise<boolean> {
  const [salt, expected] = stored.split('$');
  const derived = await derive(code, Buffer.from(salt, 'base64url'));
  return timingSafeEqual(derived, Buffer.from(expected, 'base64url'));
}

function derive(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}
