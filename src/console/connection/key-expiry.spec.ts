import { lastDayOf } from './key-expiry.js';

describe('lastDayOf', () => {
  it('is the day before an expiry at midnight UTC: the last day the key works', () => {
    expect(lastDayOf('2027-01-01T00:00:00Z')).toBe('2026-12-31');
    expect(lastDayOf(new Date('2028-03-01T00:00:00Z'))).toBe('2028-02-29');
  });

  it('is undefined for an expiry at another time of day, which is shown as it is', () => {
    expect(lastDayOf('2027-01-01T15:30:00Z')).toBeUndefined();
  });
});
