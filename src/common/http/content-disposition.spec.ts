import { attachment, slug } from './content-disposition.js';

describe('attachment', () => {
  it('names an ASCII file in both parameters', () => {
    expect(attachment('report-2026-10.csv')).toBe(
      `attachment; filename="report-2026-10.csv"; filename*=UTF-8''report-2026-10.csv`,
    );
  });

  it('gives other names in UTF-8, with an ASCII stand-in', () => {
    expect(attachment('Müller "A".pdf')).toBe(
      `attachment; filename="M_ller _A_.pdf"; filename*=UTF-8''M%C3%BCller%20%22A%22.pdf`,
    );
  });
});

describe('slug', () => {
  it('keeps letters and digits, accents dropped, the rest as dashes', () => {
    expect(slug('Acme Plumbing & Heating')).toBe('acme-plumbing-heating');
    expect(slug('Müller Bäckerei, Zürich')).toBe('muller-backerei-zurich');
    expect(slug('Привет')).toBe('');
    expect(slug('a'.repeat(60))).toHaveLength(40);
  });
});
