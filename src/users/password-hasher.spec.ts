import { PasswordHasher } from './password-hasher.js';
import { assertAcceptablePassword } from './password-policy.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('verifies the password a hash was made from, and no other', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$N=65536,r=8,p=2\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true);
    expect(await hasher.verify('correct horse battery stapl', stored)).toBe(false);
    expect(await hasher.verify('Correct horse battery staple', stored)).toBe(false);
  });

  it('salts every hash, and compares passwords as the same Unicode text', async () => {
    const composed = 'caf\u00e9 au lait, s’il vous plaît';
    const decomposed = composed.normalize('NFD');
    const [first, second] = [await hasher.hash(composed), await hasher.hash(composed)];
    expect(first).not.toBe(second);
    expect(await hasher.verify(decomposed, first)).toBe(true);
  });

  it.each(['', 'bcrypt$whatever', 'scrypt$N=65536,r=8,p=2$salt', 'scrypt$N=x,r=8,p=2$a$b'])(
    'treats a malformed stored value as no match: %j',
    async (stored) => {
      expect(await hasher.verify('anything at all', stored)).toBe(false);
    },
  );
});

describe('assertAcceptablePassword', () => {
  it('wants 12 to 1,000 characters, counted as characters', () => {
    expect(() => assertAcceptablePassword('eleven char')).toThrow('at least 12 characters');
    expect(() => assertAcceptablePassword('twelve chars')).not.toThrow();
    expect(() => assertAcceptablePassword('🔑'.repeat(12))).not.toThrow();
    expect(() => assertAcceptablePassword('🔑'.repeat(11))).toThrow('at least 12 characters');
    expect(() => assertAcceptablePassword('x'.repeat(1_001))).toThrow('at most 1000 characters');
  });
});
