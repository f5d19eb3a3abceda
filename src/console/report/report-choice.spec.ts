import { apiQuery, choiceSearch, readReportChoice, requestedFormat } from './report-choice.js';

describe('the report picker', () => {
  it('opens on last month, compared with the previous period', () => {
    const choice = readReportChoice({});
    expect(apiQuery(choice)).toEqual({ period: 'last_month', compare: 'previous_period' });
  });

  it("reads the picker's fields: a month, a range of days; the fields of the other choices are left aside", () => {
    const month = readReportChoice({
      period: 'month',
      month: '2024-02',
      from: '',
      to: '2024-09-01',
    });
    expect(apiQuery(month)).toEqual({ period: '2024-02', compare: 'previous_period' });
    const range = readReportChoice({
      period: 'range',
      month: '2024-02',
      from: '2024-02-10',
      to: '2024-02-20',
      compare: 'none',
    });
    expect(apiQuery(range)).toEqual({ from: '2024-02-10', to: '2024-02-20', compare: 'none' });
    const keyword = readReportChoice({
      period: 'last_30_days',
      month: '2024-02',
      from: '2024-01-01',
    });
    expect(apiQuery(keyword)).toEqual({ period: 'last_30_days', compare: 'previous_period' });
  });

  it("reads the API's grammar, and writes it in links", () => {
    const copied = readReportChoice({ period: '2024-02', compare: 'previous_year' });
    expect(copied).toMatchObject({ period: 'month', month: '2024-02' });
    expect(choiceSearch(copied, { format: 'pdf' })).toBe(
      'period=2024-02&compare=previous_year&format=pdf',
    );
    expect(apiQuery(readReportChoice({ period: '2024-02-29' }))).toEqual({
      from: '2024-02-29',
      to: '2024-02-29',
      compare: 'previous_period',
    });
    expect(apiQuery(readReportChoice({ from: '2024-01-01', to: '2024-01-31' }))).toMatchObject({
      from: '2024-01-01',
      to: '2024-01-31',
    });
  });

  it('says what is wrong with a period it cannot read', () => {
    expect(() => readReportChoice({ period: 'yesterday' })).toThrow('“yesterday” is not a period');
    expect(() => readReportChoice({ period: ['2024-01', '2024-02'] })).toThrow(
      '“period” was given more than once',
    );
    expect(() => readReportChoice({ period: 'month', month: '2024-13' })).toThrow(
      'Choose the month',
    );
    expect(() => readReportChoice({ period: 'range', from: '2024-02-01' })).toThrow(
      'both the first and the last day',
    );
    expect(() =>
      readReportChoice({ period: 'range', from: '2024-02-30', to: '2024-03-01' }),
    ).toThrow('The first day “2024-02-30” is not a date');
    expect(() => readReportChoice({ compare: 'last_week' })).toThrow('The comparison must be');
  });

  it('names the file formats, and nothing else', () => {
    expect(requestedFormat(undefined)).toBeUndefined();
    expect(['pdf', 'csv', 'html'].map(requestedFormat)).toEqual(['pdf', 'csv', 'html']);
    expect(['json', 'docx', ['pdf', 'csv']].map(requestedFormat)).toEqual([null, null, null]);
  });
});
