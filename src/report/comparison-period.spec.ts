import { comparisonPeriod, daysIn } from './comparison-period.js';

const range = (from: string, to: string) => ({ from, to });

function errorOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('comparisonPeriod: previous_period', () => {
  it.each([
    [range('2026-03-01', '2026-03-31'), range('2026-02-01', '2026-02-28')],
    [range('2024-03-01', '2024-03-31'), range('2024-02-01', '2024-02-29')],
    [range('2024-02-01', '2024-02-29'), range('2024-01-01', '2024-01-31')],
    [range('2026-01-01', '2026-01-31'), range('2025-12-01', '2025-12-31')],
    [range('2026-05-01', '2026-05-31'), range('2026-04-01', '2026-04-30')],
    [range('2026-12-01', '2026-12-31'), range('2026-11-01', '2026-11-30')],
  ])('a whole month %j compares with the whole previous month %j', (period, expected) => {
    expect(comparisonPeriod(period, 'previous_period')).toEqual(expected);
  });

  it.each([
    [range('2026-11-01', '2026-11-21'), range('2026-10-11', '2026-10-31')],
    [range('2026-10-23', '2026-11-21'), range('2026-09-23', '2026-10-22')],
    [range('2024-03-01', '2024-03-01'), range('2024-02-29', '2024-02-29')],
    [range('2024-03-01', '2024-03-30'), range('2024-01-31', '2024-02-29')],
    [range('2026-01-01', '2026-03-31'), range('2025-10-03', '2025-12-31')],
    [range('2026-02-02', '2026-02-28'), range('2026-01-06', '2026-02-01')],
  ])('any other range %j compares with as many days just before: %j', (period, expected) => {
    expect(comparisonPeriod(period, 'previous_period')).toEqual(expected);
    expect(daysIn(expected)).toBe(daysIn(period));
  });
});

describe('comparisonPeriod: previous_year', () => {
  it.each([
    [range('2026-10-01', '2026-10-31'), range('2025-10-01', '2025-10-31')],
    [range('2024-02-01', '2024-02-29'), range('2023-02-01', '2023-02-28')],
    [range('2024-02-29', '2024-02-29'), range('2023-02-28', '2023-02-28')],
    [range('2024-02-29', '2024-03-01'), range('2023-02-28', '2023-03-01')],
    [range('2025-02-01', '2025-02-28'), range('2024-02-01', '2024-02-28')],
    [range('2026-12-25', '2027-01-05'), range('2025-12-25', '2026-01-05')],
  ])('%j is the same dates a year earlier: %j', (period, expected) => {
    expect(comparisonPeriod(period, 'previous_year')).toEqual(expected);
  });
});

describe('comparisonPeriod: none and the first year', () => {
  it('has no comparison with none', () => {
    expect(comparisonPeriod(range('2026-10-01', '2026-10-31'), 'none')).toBeNull();
  });

  it('refuses a comparison before 0001-01-01 with invalid_date_range', () => {
    expect(
      errorOf(() => comparisonPeriod(range('0001-01-01', '0001-01-31'), 'previous_period')),
    ).toBe('invalid_date_range');
    expect(
      errorOf(() => comparisonPeriod(range('0001-06-01', '0001-06-02'), 'previous_year')),
    ).toBe('invalid_date_range');
    expect(comparisonPeriod(range('0001-02-01', '0001-02-28'), 'previous_period')).toEqual(
      range('0001-01-01', '0001-01-31'),
    );
  });
});

describe('daysIn', () => {
  it('counts both ends', () => {
    expect(daysIn(range('2024-02-01', '2024-02-29'))).toBe(29);
    expect(daysIn(range('2026-11-03', '2026-11-03'))).toBe(1);
    expect(daysIn(range('2026-01-01', '2026-12-31'))).toBe(365);
  });
});
