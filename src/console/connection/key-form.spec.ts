import { checkKeyForm } from './key-form.js';

const NOW = new Date('2026-11-22T15:00:00Z');

describe('checkKeyForm', () => {
  it('accepts a name, scopes and a last day, which the key works through', () => {
    expect(
      checkKeyForm({ name: ' Reports ', scopes: ['read'], expires: '2026-11-22' }, NOW),
    ).toEqual({
      ok: true,
      name: 'Reports',
      scopes: ['read'],
      expiresAt: new Date('2026-11-23T00:00:00Z'),
    });
    expect(checkKeyForm({ name: 'Agent', scopes: ['write', 'read'], expires: '' }, NOW)).toEqual({
      ok: true,
      name: 'Agent',
      scopes: ['read', 'write'],
      expiresAt: undefined,
    });
  });

  it.each([
    [{ name: '  ', scopes: ['read'], expires: '' }, 'name'],
    [{ name: 'x'.repeat(101), scopes: ['read'], expires: '' }, 'name'],
    [{ name: 'Monthly\u0000report', scopes: ['read'], expires: '' }, 'name'],
    [{ name: 'Tab\there', scopes: ['read'], expires: '' }, 'name'],
    [{ name: 'Key', scopes: [], expires: '' }, 'scopes'],
    [{ name: 'Key', scopes: ['read', 'admin'], expires: '' }, 'scopes'],
    [{ name: 'Key', scopes: ['read'], expires: '2026-11-21' }, 'expires'],
    [{ name: 'Key', scopes: ['read'], expires: '2026-02-30' }, 'expires'],
    [{ name: 'Key', scopes: ['read'], expires: 'tomorrow' }, 'expires'],
  ])('names the problem with %j', (input, field) => {
    const verdict = checkKeyForm(input, NOW);
    expect(verdict.ok).toBe(false);
    expect(Object.keys(verdict.ok ? {} : verdict.problems)).toEqual([field]);
  });
});
