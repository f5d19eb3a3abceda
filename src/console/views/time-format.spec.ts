import { showTime } from './time-format.js';

describe('showTime', () => {
  const instant = new Date('2026-11-29T04:05:09.345Z');

  it('writes UTC by default, with or without seconds', () => {
    expect(showTime(instant)).toEqual({ day: '2026-11-29', clock: '04:05', zone: 'UTC' });
    expect(showTime(instant, { seconds: true })).toEqual({
      day: '2026-11-29',
      clock: '04:05:09',
      zone: 'UTC',
    });
  });

  it('writes another zone’s day and clock when given one', () => {
    expect(showTime(new Date('2026-11-29T23:30:00Z'), { zone: 'Europe/Berlin' })).toEqual({
      day: '2026-11-30',
      clock: '00:30',
      zone: 'CET',
    });
    const instant = new Date('2026-01-15T23:30:00Z');
    expect(showTime(instant, { zone: 'Asia/Tokyo' })).toEqual({
      day: '2026-01-16',
      clock: '08:30',
      zone: 'GMT+9',
    });
    expect(showTime(new Date('2026-07-15T12:00:00Z'), { zone: 'America/New_York' })).toEqual({
      day: '2026-07-15',
      clock: '08:00',
      zone: 'GMT-4',
    });
  });

  it('keeps midnight as 00, not 24', () => {
    expect(showTime(new Date('2026-11-29T00:00:01Z'), { seconds: true }).clock).toBe('00:00:01');
  });
});
