import { hasControlCharacter, nulField } from './nul-field.js';

describe('nulField', () => {
  it('names the first field holding a NUL, nested or in a list', () => {
    expect(nulField({ status: 'a\u0000' })).toBe('status');
    expect(nulField({ a: 'x', b: ['y', 'z\u0000'] })).toBe('b.1');
    expect(nulField({ a: { b: '\u0000' } })).toBe('a.b');
  });

  it('names a field whose name holds a NUL, written so that it can be read', () => {
    expect(nulField({ 'x\u0000': 1 })).toBe('x\\u0000');
  });

  it('finds nothing in clean values, numbers and nulls', () => {
    expect(nulField({ a: 'x', b: 1, c: null, d: [true] })).toBeUndefined();
    expect(nulField(undefined)).toBeUndefined();
  });
});

describe('hasControlCharacter', () => {
  it.each(['\u0000', 'a\tb', 'line\nbreak', '\r', '\u001b[31m', '\u007f', '\u0085', '\u009f'])(
    'finds one in %j',
    (value) => {
      expect(hasControlCharacter(value)).toBe(true);
    },
  );

  it.each(['', 'Monthly report', 'Zoë Ünal', 'a b', '¡Olé!', '\u00a0', '日本語', '😀'])(
    'finds none in %j',
    (value) => {
      expect(hasControlCharacter(value)).toBe(false);
    },
  );
});
