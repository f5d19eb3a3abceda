import { accountReportFilename, periodLabel, siteReportFilename } from './report-filename.js';

const period = (from: string, to: string) => ({ from, to, days: 0 });

describe('report file names', () => {
  it.each([
    [period('2026-10-01', '2026-10-31'), '2026-10'],
    [period('2024-02-01', '2024-02-29'), '2024-02'],
    [period('2025-02-01', '2025-02-28'), '2025-02'],
    [period('2024-02-01', '2024-02-28'), '2024-02-01_2024-02-28'],
    [period('2026-11-01', '2026-11-21'), '2026-11-01_2026-11-21'],
    [period('2026-11-03', '2026-11-03'), '2026-11-03'],
  ])('names the period %j as %s', (range, label) => {
    expect(periodLabel(range)).toBe(label);
  });

  it('names the site by id and name, and the account report by page', () => {
    expect(
      siteReportFilename(
        { id: 12, name: 'Acme Plumbing' },
        period('2026-10-01', '2026-10-31'),
        'csv',
      ),
    ).toBe('report-site-12-acme-plumbing-2026-10.csv');
    expect(
      siteReportFilename({ id: 3, name: null }, period('2026-10-01', '2026-10-02'), 'pdf'),
    ).toBe('report-site-3-2026-10-01_2026-10-02.pdf');
    expect(accountReportFilename(period('2026-10-01', '2026-10-31'), 1, 'csv')).toBe(
      'report-account-2026-10.csv',
    );
    expect(accountReportFilename(period('2026-10-01', '2026-10-31'), 2, 'pdf')).toBe(
      'report-account-2026-10-page-2.pdf',
    );
  });
});
