import {
  checkSiteField,
  validateArticle,
  validateBacklink,
  validateSite,
} from './import.validator.js';

const AT = '$.sites[0].articles[3]';
const LIMITS = { maxNesting: 256 };

describe('import validator', () => {
  describe('articles', () => {
    it('needs only a body; the rest becomes null, word_count is computed, origin defaults to editor', () => {
      expect(validateArticle({ body: '<p>Three little words</p>' }, AT, LIMITS)).toEqual({
        ref: null,
        title: null,
        url: null,
        status: null,
        published_at: null,
        target_keyword: null,
        featured_image_url: null,
        body: '<p>Three little words</p>',
        word_count: 3,
        revision_origin: 'editor',
      });
    });

    it('normalises published_at to UTC and keeps the given origin', () => {
      const row = validateArticle(
        {
          ref: 'a',
          title: 'T',
          published_at: '2026-10-02T11:00:00+02:00',
          revision_origin: 'rewrite',
          body: '<p>x</p>',
        },
        AT,
        LIMITS,
      );
      expect(row).toMatchObject({
        published_at: '2026-10-02T09:00:00.000Z',
        revision_origin: 'rewrite',
      });
    });

    it('reports every problem of an item with its JSON path', () => {
      expect(
        validateArticle(
          {
            ref: '',
            title: 7,
            url: 'javascript:alert(1)',
            published_at: '02/10/2026',
            featured_image_url: '/relative.jpg',
            word_count: 12,
            colour: 'red',
            'odd key': 1,
            revision_origin: 'robot',
          },
          AT,
          LIMITS,
        ),
      ).toEqual([
        { path: `${AT}.body`, message: 'is required: non-blank HTML' },
        { path: `${AT}.ref`, message: 'must be a non-empty string or null' },
        { path: `${AT}.title`, message: 'must be a string or null' },
        { path: `${AT}.url`, message: expect.stringContaining('absolute http or https URL') },
        { path: `${AT}.published_at`, message: expect.stringContaining('RFC 3339') },
        {
          path: `${AT}.featured_image_url`,
          message: expect.stringContaining('absolute http or https URL'),
        },
        { path: `${AT}.word_count`, message: 'is computed from the body; leave it out' },
        { path: `${AT}.colour`, message: 'is not a known field' },
        { path: `${AT}["odd key"]`, message: 'is not a known field' },
        {
          path: `${AT}.revision_origin`,
          message: 'must be "api" or "mcp" or "editor" or "rewrite" or null',
        },
      ]);
    });

    it.each([
      [null, 'must be an object'],
      [[], 'must be an object'],
      ['text', 'must be an object'],
    ])('refuses %j as an article', (value, message) => {
      expect(validateArticle(value, AT, LIMITS)).toEqual([{ path: AT, message }]);
    });

    it('limits the body to 1,000,000 characters and the title to 255', () => {
      expect(
        validateArticle(
          { title: 'x'.repeat(256), body: `<p>${'x'.repeat(1_000_000)}</p>` },
          AT,
          LIMITS,
        ),
      ).toEqual([
        { path: `${AT}.body`, message: 'must be at most 1000000 characters' },
        { path: `${AT}.title`, message: 'must be at most 255 characters' },
      ]);
    });

    it('does not mistake inherited names for fields', () => {
      expect(
        validateArticle({ body: '<p>x</p>', constructor: 1, toString: 2 }, AT, LIMITS),
      ).toEqual([
        { path: `${AT}.constructor`, message: 'is not a known field' },
        { path: `${AT}.toString`, message: 'is not a known field' },
      ]);
    });
  });

  describe('backlinks', () => {
    const BL = '$.sites[1].backlinks[0]';

    it('needs a category of industry or local', () => {
      expect(validateBacklink({ category: 'local' }, BL)).toMatchObject({
        category: 'local',
        acquired_at: null,
      });
      expect(validateBacklink({}, BL)).toEqual([
        { path: `${BL}.category`, message: 'is required: "industry" or "local"' },
      ]);
      expect(validateBacklink({ category: 'Local' }, BL)).toEqual([
        { path: `${BL}.category`, message: 'is required: "industry" or "local"' },
      ]);
    });

    it('checks dates and URLs', () => {
      expect(
        validateBacklink(
          { category: 'industry', acquired_at: '2026-02-30T00:00:00Z', source_url: 'news.example' },
          BL,
        ),
      ).toEqual([
        { path: `${BL}.acquired_at`, message: expect.stringContaining('RFC 3339') },
        { path: `${BL}.source_url`, message: expect.stringContaining('http or https URL') },
      ]);
    });
  });

  describe('sites', () => {
    it('checks each field as it arrives and requires a name at the end', () => {
      expect(checkSiteField('website_url', 'https://a.example', '$.sites[0]')).toEqual([]);
      expect(checkSiteField('country', 44, '$.sites[0]')).toEqual([
        { path: '$.sites[0].country', message: 'must be a string or null' },
      ]);
      expect(checkSiteField('owner', 'me', '$.sites[0]')).toEqual([
        { path: '$.sites[0].owner', message: 'is not a known field' },
      ]);
      expect(validateSite({ ref: 'x' }, '$.sites[0]')).toEqual([
        { path: '$.sites[0].name', message: 'is required: a non-blank string' },
      ]);
      expect(validateSite({ name: 'Acme', industry: null }, '$.sites[0]')).toEqual({
        ref: null,
        name: 'Acme',
        website_url: null,
        language: null,
        country: null,
        geographic_scope: null,
        industry: null,
      });
    });
  });
});
