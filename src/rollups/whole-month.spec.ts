import { isWholeMonth } from './report-counts.reader.js';

describe('isWholeMonth', () => {
  it('is true for a month from its first day to its last, February of leap years included', () => {
    expect(isWholeMonth({ from: '2024-02-01', to: '2024-02-29' })).toBe(true);
    expect(isWholeMonth({ from: '2023-02-01', to: '2023-02-28' })).toBe(true);
    expect(isWholeMonth({ from: '2026-12-01', to: '2026-12-31' })).toBe(true);
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-04-30' })).toBe(true);
  });

  it('is false for part of a month, a month and a day, or two months', () => {
    expect(isWholeMonth({ from: '2024-02-01', to: '2024-02-28' })).toBe(false);
    expect(isWholeMonth({ from: '2024-02-02', to: '2024-02-29' })).toBe(false);
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-05-01' })).toBe(false);
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-05-31' })).toBe(false);
    expect(isWholeMonth({ from: '2025-04-01', to: '2026-04-30' })).toBe(false);
  });
});
