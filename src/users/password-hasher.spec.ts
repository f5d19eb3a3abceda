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
  const person = {
    email: 'rita.reader@agency.example',
    name: 'Rita Reader',
    accountName: 'Acme Agency',
  };
  const check = (password: string) => () => assertAcceptablePassword(password, person);

  it('wants 12 to 128 characters, counted as characters', () => {
    expect(check('eleven char')).toThrow('at least 12 characters');
    expect(check('twelve chars')).not.toThrow();
    expect(check('🔑'.repeat(12))).not.toThrow();
    expect(check('🔑'.repeat(11))).toThrow('at least 12 characters');
    expect(check('x'.repeat(128))).not.toThrow();
    expect(check('🔑'.repeat(128))).not.toThrow();
    expect(check('x'.repeat(129))).toThrow('at most 128 characters');
  });

  it('takes any characters a person types, with no rule of composition, but no control characters', () => {
    expect(check('Zoë’s 12 words, with spaces!')).not.toThrow();
    expect(check('all lower case words')).not.toThrow();
    expect(check('日本語のパスワードです長い')).not.toThrow();
    for (const password of ['a long\u0000password', 'a long\tpassword', 'a long\npassword']) {
      expect(check(password)).toThrow('must not contain control characters');
    }
  });

  it('refuses the most common passwords, whatever their case and the digits around them', () => {
    for (const password of [
      'qwerty123456',
      'QAZWSXEDCRFV',
      '1q2w3e4r5t6y',
      'password1234!',
      '123456654321',
    ]) {
      expect(check(password)).toThrow('is one of the most common passwords');
    }
  });

  it('refuses the words of its context: the service, the email, the person and the account', () => {
    expect(check('my content-api secret')).toThrow('must not contain "content-api"');
    expect(check('Rita.Reader is here 2026')).toThrow('must not contain "rita.reader"');
    expect(check('hello ritareader friends')).toThrow('must not contain "ritareader"');
    expect(check('we are acme agency people')).toThrow('must not contain "acme agency"');
    expect(check('acmeagency forever and ever')).toThrow('must not contain "acmeagency"');
  });
});
