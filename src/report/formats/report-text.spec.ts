import { changeText, count, dayText, periodText } from './report-text.js';

describe('report text', () => {
  it('writes counts with grouping and changes with their sign', () => {
    expect(count(1234567)).toBe('1,234,567');
    expect(changeText({ absolute: 5, percent: 27.8 })).toBe('+5 (+27.8 %)');
    expect(changeText({ absolute: -1200, percent: -10 })).toBe('−1,200 (−10.0 %)');
    expect(changeText({ absolute: 4, percent: null })).toBe('+4');
    expect(changeText({ absolute: 0, percent: 0 })).toBe('0 (0.0 %)');
  });

  it('names whole months, days and ranges', () => {
    expect(periodText({ from: '2024-02-01', to: '2024-02-29' })).toBe('February 2024');
    expect(periodText({ from: '2024-02-01', to: '2024-02-28' })).toBe(
      '1 February 2024 – 28 February 2024',
    );
    expect(periodText({ from: '2026-11-03', to: '2026-11-03' })).toBe('3 November 2026');
    expect(dayText('2026-01-09')).toBe('9 January 2026');
  });
});
