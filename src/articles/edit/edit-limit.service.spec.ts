import { secondsUntilUtcMidnight } from './edit-limit.service.js';

describe('secondsUntilUtcMidnight', () => {
  it.each([
    ['2026-11-03T00:00:00.000Z', 86_400],
    ['2026-11-03T23:59:59.000Z', 1],
    ['2026-11-03T23:59:59.500Z', 1],
    ['2026-11-03T12:00:00.000Z', 43_200],
    ['2026-11-03T12:00:00.001Z', 43_200],
    ['2026-12-31T23:00:00.000Z', 3_600],
  ])('from %s is %i', (now, seconds) => {
    expect(secondsUntilUtcMidnight(new Date(now))).toBe(seconds);
  });
});
