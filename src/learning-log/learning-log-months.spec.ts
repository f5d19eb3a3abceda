import {
  addMonths,
  expiredPartitions,
  monthOf,
  monthOfPartition,
  monthsAhead,
  monthStart,
  partitionName,
} from './learning-log-months.js';

describe('learning-log months', () => {
  it('takes the month of an instant in UTC, whatever the local time zone says', () => {
    expect(monthOf(new Date('2026-05-31T23:59:59.999Z'))).toEqual({ year: 2026, month: 5 });
    expect(monthOf(new Date('2026-06-01T00:00:00.000Z'))).toEqual({ year: 2026, month: 6 });
  });

  it('counts months across years, both ways', () => {
    expect(addMonths({ year: 2026, month: 11 }, 3)).toEqual({ year: 2027, month: 2 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 12 }, 0)).toEqual({ year: 2026, month: 12 });
  });

  it('names and bounds a partition, years of one to six digits included, and reads the name back', () => {
    expect(partitionName({ year: 2026, month: 5 })).toBe('learning_log_y2026m05');
    expect(partitionName({ year: 970, month: 1 })).toBe('learning_log_y0970m01');
    expect(monthStart({ year: 12_026, month: 12 })).toBe('12026-12-01 00:00:00+00');
    expect(monthStart({ year: 33, month: 3 })).toBe('0033-03-01 00:00:00+00');
    expect(monthOfPartition('learning_log_y2026m05')).toEqual({ year: 2026, month: 5 });
    expect(monthOfPartition('learning_log_y12026m12')).toEqual({ year: 12_026, month: 12 });
  });

  it('leaves alone any table that is not a month of ours', () => {
    for (const name of [
      'learning_log_default',
      'learning_log_y2026m13',
      'learning_log_y0000m01',
      'learning_log_2026_05',
      'learning_log_y2026m05_old',
    ]) {
      expect(monthOfPartition(name)).toBeUndefined();
    }
  });

  it('keeps the current month and the next three ahead', () => {
    expect(monthsAhead(new Date('2026-11-15T12:00:00Z')).map(partitionName)).toEqual([
      'learning_log_y2026m11',
      'learning_log_y2026m12',
      'learning_log_y2027m01',
      'learning_log_y2027m02',
    ]);
  });

  describe('retention', () => {
    const names = [
      'learning_log_default',
      'learning_log_y0033m03',
      'learning_log_y2025m03',
      'learning_log_y2025m04',
      'learning_log_y2025m05',
      'learning_log_y2026m06',
      'learning_log_y2999m12',
    ];

    it('drops exactly the months that ended at least the retention ago', () => {
      // 400 days before 2026-06-05T00:00Z is 2025-05-01T00:00Z: April has just ended that long ago.
      const now = new Date('2026-06-05T00:00:00Z');
      expect(expiredPartitions(names, now, 400)).toEqual([
        'learning_log_y0033m03',
        'learning_log_y2025m03',
        'learning_log_y2025m04',
      ]);
      expect(expiredPartitions(names, new Date(now.getTime() - 1), 400)).toEqual([
        'learning_log_y0033m03',
        'learning_log_y2025m03',
      ]);
    });

    it('never drops the DEFAULT partition, the current month or the months ahead', () => {
      const now = new Date('2026-06-05T00:00:00Z');
      expect(expiredPartitions(names, now, 1)).not.toContain('learning_log_default');
      expect(expiredPartitions(names, now, 1)).not.toContain('learning_log_y2026m06');
      expect(expiredPartitions(names, now, 1)).not.toContain('learning_log_y2999m12');
    });
  });
});
