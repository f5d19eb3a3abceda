import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt parameters: one of OWASP's equivalent recommendations (N=2^16, r=8,
 * p=2), 64 MiB per hash. The stronger-memory variant (N=2^17, p=1) would need
 * 128 MiB per concurrent sign-in, a lot inside a container's memory limit.
 */
const PARAMETERS = { N: 2 ** 16, r: 8, p: 2 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

/** A stored hash: `scrypt$N=65536,r=8,p=2$<salt>$<hash>` (base64url), so parameters can change later. */
const STORED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

/**
 * Passwords as memory-hard scrypt hashes (node:crypto: OpenSSL's scrypt, run
 * in libuv's thread pool so that hashing never blocks the event loop). No
 * framework, no database: strings in, verdicts out.
 */
export class PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const derived = await derive(password, salt, PARAMETERS);
    const { N, r, p } = PARAMETERS;
    return `${PREFIX}$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${derived.toString('base64url')}`;
  }

  /** Whether `password` is the one `stored` was made from; false for anything malformed. */
  async verify(password: string, stored: string): Promise<boolean> {
    const match = STORED.exec(stored);
    if (!match) return false;
    const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const expected = Buffer.from(match[5], 'base64url');
    const derived = await derive(password, Buffer.from(match[4], 'base64url'), { N, r, p });
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  }

  /**
   * Spends the time a real verification takes, for an email with no usable
   * password, so that the answer's timing does not tell whether it exists.
   */
  async waste(password: string): Promise<void> {
    await derive(password, randomBytes(SALT_LENGTH), PARAMETERS);
  }
}

function derive(
  password: string,
  salt: Buffer,
  parameters: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = {
    ...parameters,
    maxmem: 256 * parameters.N * parameters.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
