import { resolveStatsRange, startAtEarliestRecord } from './period-resolver.js';

function period(value: unknown, today: string) {
  return resolveStatsRange({ period: value }, today);
}

function days(from: string, to: string) {
  return { kind: 'days', from, to };
}

function errorOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('resolveStatsRange: period', () => {
  it.each([
    ['2026-11-21', days('2026-11-01', '2026-11-21')],
    ['2026-11-01', days('2026-11-01', '2026-11-01')],
    ['2026-12-31', days('2026-12-01', '2026-12-31')],
    ['2024-02-29', days('2024-02-01', '2024-02-29')],
  ])('this_month on %s is the first of the month through today', (today, expected) => {
    expect(period('this_month', today)).toEqual(expected);
  });

  it.each([
    ['2026-11-21', days('2026-10-01', '2026-10-31')],
    ['2026-12-01', days('2026-11-01', '2026-11-30')],
    ['2026-01-15', days('2025-12-01', '2025-12-31')],
    ['2026-01-01', days('2025-12-01', '2025-12-31')],
    ['2024-03-31', days('2024-02-01', '2024-02-29')],
    ['2025-03-01', days('2025-02-01', '2025-02-28')],
    ['2000-03-10', days('2000-02-01', '2000-02-29')],
    ['2100-03-10', days('2100-02-01', '2100-02-28')],
    ['2026-05-31', days('2026-04-01', '2026-04-30')],
    ['2026-08-01', days('2026-07-01', '2026-07-31')],
  ])('last_month on %s is the whole previous month', (today, expected) => {
    expect(period('last_month', today)).toEqual(expected);
  });

  it.each([
    ['2026-11-30', days('2026-11-01', '2026-11-30')],
    ['2026-11-21', days('2026-10-23', '2026-11-21')],
    ['2026-01-10', days('2025-12-12', '2026-01-10')],
    ['2024-03-01', days('2024-02-01', '2024-03-01')],
    ['2025-03-01', days('2025-01-31', '2025-03-01')],
    ['2026-01-01', days('2025-12-03', '2026-01-01')],
  ])('last_30_days on %s is today and the 29 days before it', (today, expected) => {
    expect(period('last_30_days', today)).toEqual(expected);
  });

  it.each([
    ['2026-10', days('2026-10-01', '2026-10-31')],
    ['2026-11', days('2026-11-01', '2026-11-30')],
    ['2026-02', days('2026-02-01', '2026-02-28')],
    ['2024-02', days('2024-02-01', '2024-02-29')],
    ['2000-02', days('2000-02-01', '2000-02-29')],
    ['1900-02', days('1900-02-01', '1900-02-28')],
    ['2025-12', days('2025-12-01', '2025-12-31')],
    ['2027-01', days('2027-01-01', '2027-01-31')],
    ['9999-12', days('9999-12-01', '9999-12-31')],
  ])('the month %s is that whole month, past or future', (month, expected) => {
    expect(period(month, '2026-11-21')).toEqual(expected);
  });

  it.each(['2026-11-03', '2024-02-29', '2025-12-31', '2027-01-01'])(
    'the day %s is that one day',
    (day) => {
      expect(period(day, '2026-11-21')).toEqual(days(day, day));
    },
  );

  it.each([
    '2026-13',
    '2026-00',
    '2026-1',
    '26-11',
    '2026-02-30',
    '2025-02-29',
    '2026-04-31',
    '2026-11-3',
    '2026-11-03T00:00:00Z',
    '2026/11',
    'This_Month',
    'THIS_MONTH',
    'this month',
    'yesterday',
    'last_7_days',
    '',
    ' 2026-11',
    '2026-11 ',
    ['2026-11', '2026-10'],
  ])('refuses the period %j with invalid_period', (value) => {
    expect(errorOf(() => period(value, '2026-11-21'))).toBe('invalid_period');
  });
});

describe('resolveStatsRange: from and to', () => {
  const today = '2026-11-21';

  it('defaults to this_month when nothing is given', () => {
    expect(resolveStatsRange({}, today)).toEqual(days('2026-11-01', '2026-11-21'));
  });

  it('takes both ends as given, inclusive, including a single day', () => {
    expect(resolveStatsRange({ from: '2024-02-01', to: '2024-02-29' }, today)).toEqual(
      days('2024-02-01', '2024-02-29'),
    );
    expect(resolveStatsRange({ from: '2026-11-03', to: '2026-11-03' }, today)).toEqual(
      days('2026-11-03', '2026-11-03'),
    );
  });

  it('ends at today when only from is given, including from = today', () => {
    expect(resolveStatsRange({ from: '2025-12-30' }, today)).toEqual(
      days('2025-12-30', '2026-11-21'),
    );
    expect(resolveStatsRange({ from: today }, today)).toEqual(days(today, today));
  });

  it('leaves the start to the earliest record when only to is given', () => {
    expect(resolveStatsRange({ to: '2026-01-31' }, today)).toEqual({
      kind: 'from-earliest-record',
      to: '2026-01-31',
    });
  });

  it('refuses from later than to, also when to is today by default', () => {
    expect(errorOf(() => resolveStatsRange({ from: '2026-11-04', to: '2026-11-03' }, today))).toBe(
      'invalid_date_range',
    );
    expect(errorOf(() => resolveStatsRange({ from: '2026-11-22' }, today))).toBe(
      'invalid_date_range',
    );
  });

  it.each([
    [{ period: 'this_month', from: '2026-11-01' }],
    [{ period: 'this_month', to: '2026-11-01' }],
    [{ period: '2026-10', from: '2026-10-01', to: '2026-10-31' }],
    [{ period: 'nonsense', from: '2026-10-01' }],
    [{ period: 'last_month', from: '2026-11-04', to: '2026-11-03' }],
  ])('refuses period with from/to (%j) with conflicting_parameters first', (request) => {
    expect(errorOf(() => resolveStatsRange(request, today))).toBe('conflicting_parameters');
  });
});

describe('startAtEarliestRecord', () => {
  it('starts at the earliest record on or before to', () => {
    expect(startAtEarliestRecord('2026-11-21', '2024-02-29')).toEqual({
      from: '2024-02-29',
      to: '2026-11-21',
    });
    expect(startAtEarliestRecord('2026-11-21', '2026-11-21')).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
    });
  });

  it('is the single day to when there is no record, or none up to to', () => {
    expect(startAtEarliestRecord('2026-11-21', null)).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
    });
    expect(startAtEarliestRecord('2026-11-21', '2026-12-01')).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
    });
  });
});
