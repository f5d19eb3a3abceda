import { csvField, csvRecord } from './csv.js';

describe('CSV (RFC 4180)', () => {
  it('leaves plain fields as they are and writes null as empty', () => {
    expect(csvRecord([1, 'plain', null, undefined, '', true])).toBe('1,plain,,,,true\r\n');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['Müller – Ωmega', 'Müller – Ωmega'],
    ['"', '""""'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
