import {
  addDays,
  dayRangeBounds,
  formatDay,
  formatTimestamp,
  isDay,
  parseDay,
  todayUtc,
} from './dates.js';

describe('parseDay / isDay', () => {
  it.each([
    '2026-11-03',
    '2024-02-29',
    '2000-02-29',
    '2026-12-31',
    '2026-01-01',
    '9999-12-31',
    '0050-06-15',
  ])('accepts the calendar day %s', (day) => {
    expect(isDay(day)).toBe(true);
    expect(parseDay(day)).toBe(Date.parse(`${day}T00:00:00Z`));
  });

  it.each([
    '2026-13-01',
    '2026-00-10',
    '2026-02-30',
    '2025-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-11-00',
    '2026-11-32',
    '2026-11-03T00:00:00Z',
    '2026-11-03T09:30:00',
    '2026-11-03 ',
    ' 2026-11-03',
    '2026-1-03',
    '2026-11-3',
    '26-11-03',
    '20261103',
    '2026/11/03',
    '0000-01-01',
    '',
    'today',
  ])('refuses %j', (value) => {
    expect(isDay(value)).toBe(false);
    expect(parseDay(value)).toBeUndefined();
  });
});

describe('formatting', () => {
  it('formats a day as YYYY-MM-DD in UTC', () => {
    expect(formatDay(Date.UTC(2026, 10, 3, 23, 59, 59))).toBe('2026-11-03');
    expect(formatDay(new Date('2026-11-03T23:30:00-05:00'))).toBe('2026-11-04');
  });

  it('formats a timestamp in UTC with whole seconds and a Z', () => {
    expect(formatTimestamp(new Date('2026-11-03T09:30:00.987Z'))).toBe('2026-11-03T09:30:00Z');
    expect(formatTimestamp(new Date('2026-11-03T10:30:00+01:00'))).toBe('2026-11-03T09:30:00Z');
    expect(formatTimestamp(null)).toBeNull();
  });

  it('gives today as the UTC day of the moment', () => {
    expect(todayUtc(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(todayUtc(new Date('2026-12-31T23:00:00-02:00'))).toBe('2027-01-01');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-03', 1, '2026-11-04'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2024-03-01', -29, '2024-02-01'],
    ['2026-11-03', 0, '2026-11-03'],
  ])('%s plus %i days is %s', (day, delta, expected) => {
    expect(addDays(day, delta)).toBe(expected);
  });

  it('refuses a string that is not a day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('dayRangeBounds', () => {
  it('covers whole inclusive UTC days as a half-open instant range', () => {
    expect(dayRangeBounds('2026-11-01', '2026-11-30')).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('leaves an omitted end open', () => {
    expect(dayRangeBounds(undefined, '2024-02-28')).toEqual({
      start: undefined,
      end: new Date('2024-02-29T00:00:00Z'),
    });
    expect(dayRangeBounds('2026-11-01')).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: undefined,
    });
  });
});
