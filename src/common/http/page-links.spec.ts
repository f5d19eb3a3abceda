import { pageLinks } from './page-links.js';

const BASE = 'https://api.example.com';

describe('pageLinks', () => {
  it('links first, prev, next and last, keeping every other parameter in its place', () => {
    expect(
      pageLinks(BASE, '/api/v1/sites/3/articles', 'status=published&page=2&per_page=5', {
        page: 2,
        last_page: 4,
      }),
    ).toBe(
      [
        `<${BASE}/api/v1/sites/3/articles?status=published&page=1&per_page=5>; rel="first"`,
        `<${BASE}/api/v1/sites/3/articles?status=published&page=1&per_page=5>; rel="prev"`,
        `<${BASE}/api/v1/sites/3/articles?status=published&page=3&per_page=5>; rel="next"`,
        `<${BASE}/api/v1/sites/3/articles?status=published&page=4&per_page=5>; rel="last"`,
      ].join(', '),
    );
  });

  it('adds page when the request had none, and keeps unknown and repeated parameters', () => {
    expect(pageLinks(BASE, '/api/v1/sites', 'utm=x&utm=y', { page: 1, last_page: 2 })).toBe(
      `<${BASE}/api/v1/sites?utm=x&utm=y&page=1>; rel="first", ` +
        `<${BASE}/api/v1/sites?utm=x&utm=y&page=2>; rel="next", ` +
        `<${BASE}/api/v1/sites?utm=x&utm=y&page=2>; rel="last"`,
    );
  });

  it('has neither prev nor next on a single page', () => {
    expect(pageLinks(BASE, '/api/v1/sites', '', { page: 1, last_page: 1 })).toBe(
      `<${BASE}/api/v1/sites?page=1>; rel="first", <${BASE}/api/v1/sites?page=1>; rel="last"`,
    );
  });

  it('points prev of a page past the end at the last page, and offers no next', () => {
    const links = pageLinks(BASE, '/api/v1/sites', 'page=9', { page: 9, last_page: 3 });
    expect(links).toContain(`<${BASE}/api/v1/sites?page=3>; rel="prev"`);
    expect(links).not.toContain('rel="next"');
  });

  it('keeps a path prefix of the public base URL and encodes values', () => {
    expect(
      pageLinks('https://example.org/content-api', '/api/v1/sites/1/articles', 'status=a%20b', {
        page: 1,
        last_page: 1,
      }),
    ).toContain('<https://example.org/content-api/api/v1/sites/1/articles?status=a+b&page=1>');
  });
});
