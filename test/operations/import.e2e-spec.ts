import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { ApiError } from '../../src/common/errors/api-error.js';
import { ImportService } from '../../src/import/import.service.js';
import { seedAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const folder = mkdtempSync(join(tmpdir(), 'content-api-import-'));

function file(name: string, document: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof document === 'string' ? document : JSON.stringify(document));
  return path;
}

const BODY =
  '<p>How to bleed a radiator, with help from <a href="https://partner.example" data-service-protected="backlink">our partner</a>.</p>';

function acmeDocument(overrides: { body?: string; status?: string } = {}) {
  return {
    sites: [
      {
        ref: 'acme-blog',
        name: 'Acme Plumbing',
        website_url: 'https://acme-plumbing.example',
        language: 'en',
        country: 'US',
        geographic_scope: 'local',
        industry: 'Home services',
        articles: [
          {
            ref: 'boiler-guide',
            title: 'How to bleed a radiator',
            url: 'https://acme-plumbing.example/blog/bleed-radiator',
            status: overrides.status ?? 'published',
            published_at: '2026-10-02T11:00:00+02:00',
            target_keyword: 'bleed radiator',
            featured_image_url: 'https://cdn.example/radiator.jpg',
            body: overrides.body ?? BODY,
          },
          { ref: 'rewritten', body: '<p>Only a body</p>', revision_origin: 'rewrite' },
        ],
        backlinks: [
          {
            ref: 'bl-1',
            acquired_at: '2026-10-05T00:00:00Z',
            source_domain: 'news.example',
            source_url: 'https://news.example/story',
            target_url: 'https://acme-plumbing.example/',
            anchor_text: 'Acme Plumbing',
            anchor_type: 'branded',
            status: 'live',
            category: 'local',
          },
          { ref: 'bl-2', category: 'industry' },
        ],
      },
      { ref: 'empty-site', name: 'Nothing yet' },
    ],
  };
}

/** The error an import was refused with; fails the test if it succeeded. */
async function rejection(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('import', () => {
  let t: TestApp;
  let importer: ImportService;

  beforeAll(async () => {
    t = await createTestApp();
    importer = t.app.get(ImportService);
  });
  afterAll(() => t.close());

  async function snapshot(accountId: number) {
    const [row] = await t.db.query(
      `SELECT
         (SELECT count(*)::int FROM sites WHERE account_id = $1) AS sites,
         (SELECT count(*)::int FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.account_id = $1) AS articles,
         (SELECT count(*)::int FROM backlinks b JOIN sites s ON s.id = b.site_id WHERE s.account_id = $1) AS backlinks,
         (SELECT count(*)::int FROM article_revisions r JOIN articles a ON a.id = r.article_id
            JOIN sites s ON s.id = a.site_id WHERE s.account_id = $1) AS revisions,
         (SELECT max(a.updated_at) FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.account_id = $1) AS articles_updated`,
      [accountId],
    );
    return row;
  }

  it('imports a valid file: sites, articles with computed word counts and revision 1, backlinks', async () => {
    const { accountId } = await seedAccount(t.db);
    const counts = await importer.importFile(accountId, file('valid.json', acmeDocument()));
    expect(counts).toEqual({ sites: 2, articles: 2, backlinks: 2 });

    const sites = await t.db.query(
      `SELECT ref, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    expect(sites).toEqual([
      {
        ref: 'acme-blog',
        name: 'Acme Plumbing',
        website_url: 'https://acme-plumbing.example',
        language: 'en',
        country: 'US',
        geographic_scope: 'local',
        industry: 'Home services',
      },
      {
        ref: 'empty-site',
        name: 'Nothing yet',
        website_url: null,
        language: null,
        country: null,
        geographic_scope: null,
        industry: null,
      },
    ]);
    const articles = await t.db.query(
      `SELECT a.ref, a.title, a.status, a.published_at, a.word_count, a.featured_image_url, a.body,
              r.number, r.origin, r.actor, r.key_id
         FROM articles a JOIN sites s ON s.id = a.site_id JOIN article_revisions r ON r.article_id = a.id
        WHERE s.account_id = $1 ORDER BY a.id`,
      [accountId],
    );
    expect(articles).toEqual([
      {
        ref: 'boiler-guide',
        title: 'How to bleed a radiator',
        status: 'published',
        published_at: new Date('2026-10-02T09:00:00Z'),
        word_count: 10,
        featured_image_url: 'https://cdn.example/radiator.jpg',
        body: BODY,
        number: 1,
        origin: 'editor',
        actor: 'import',
        key_id: null,
      },
      {
        ref: 'rewritten',
        title: null,
        status: null,
        published_at: null,
        word_count: 3,
        featured_image_url: null,
        body: '<p>Only a body</p>',
        number: 1,
        origin: 'rewrite',
        actor: 'import',
        key_id: null,
      },
    ]);
    const backlinks = await t.db.query(
      `SELECT b.ref, b.acquired_at, b.source_domain, b.anchor_type, b.status, b.category
         FROM backlinks b JOIN sites s ON s.id = b.site_id WHERE s.account_id = $1 ORDER BY b.id`,
      [accountId],
    );
    expect(backlinks).toEqual([
      {
        ref: 'bl-1',
        acquired_at: new Date('2026-10-05T00:00:00Z'),
        source_domain: 'news.example',
        anchor_type: 'branded',
        status: 'live',
        category: 'local',
      },
      {
        ref: 'bl-2',
        acquired_at: null,
        source_domain: null,
        anchor_type: null,
        status: null,
        category: 'industry',
      },
    ]);
  });

  it('re-importing the same file changes nothing and duplicates nothing', async () => {
    const { accountId } = await seedAccount(t.db);
    const path = file('again.json', acmeDocument());
    await importer.importFile(accountId, path);
    const before = await snapshot(accountId);
    expect(await importer.importFile(accountId, path)).toEqual({
      sites: 2,
      articles: 2,
      backlinks: 2,
    });
    expect(await snapshot(accountId)).toEqual(before);
  });

  it('adds a revision when a re-import changes the body, and none when only the status changes', async () => {
    const { accountId } = await seedAccount(t.db);
    await importer.importFile(accountId, file('v1.json', acmeDocument()));
    await importer.importFile(
      accountId,
      file('v2.json', acmeDocument({ body: '<p>A new body entirely</p>' })),
    );
    await importer.importFile(
      accountId,
      file('v3.json', acmeDocument({ body: '<p>A new body entirely</p>', status: 'unpublished' })),
    );
    const revisions = await t.db.query(
      `SELECT r.number, r.body, a.status, a.word_count FROM article_revisions r
         JOIN articles a ON a.id = r.article_id JOIN sites s ON s.id = a.site_id
        WHERE s.account_id = $1 AND a.ref = 'boiler-guide' ORDER BY r.number`,
      [accountId],
    );
    expect(revisions).toEqual([
      { number: 1, body: BODY, status: 'unpublished', word_count: 4 },
      { number: 2, body: '<p>A new body entirely</p>', status: 'unpublished', word_count: 4 },
    ]);
  });

  it('creates items without ref again on every import (they cannot be matched)', async () => {
    const { accountId } = await seedAccount(t.db);
    const path = file('no-refs.json', {
      sites: [{ ref: 's', name: 'S', backlinks: [{ category: 'local' }, { category: 'local' }] }],
    });
    await importer.importFile(accountId, path);
    await importer.importFile(accountId, path);
    expect(await snapshot(accountId)).toMatchObject({ sites: 1, backlinks: 4 });
  });

  it('rejects a file with several problems, naming each by JSON path, and writes nothing', async () => {
    const { accountId } = await seedAccount(t.db);
    const path = file('broken.json', {
      sites: [
        {
          ref: 'ok',
          name: 'Fine site',
          articles: [{ ref: 'a', body: '<p>fine</p>' }],
          backlinks: [{ ref: 'b', category: 'industry' }],
        },
        {
          ref: 'bad',
          website_url: 'ftp://files.example',
          articles: [
            { ref: 'a1', body: '<p>x</p>' },
            { ref: 'a2', body: '<p>x</p>' },
            { ref: 'a3', body: '<p>x</p>' },
            { ref: 'a4', published_at: '2026-10-02 09:00', body: '<p>x</p>', word_count: 2 },
            { ref: 'a5', title: 'No body' },
            { ref: 'a1', body: '<p>same ref</p>', revision_origin: 'robot' },
          ],
          backlinks: [{ ref: 'b1', category: 'national', acquired_at: '2026-02-30T00:00:00Z' }, 7],
        },
      ],
      extra: true,
    });
    const apiError = await rejection(importer.importFile(accountId, path));
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.message).toBe('The import file has 11 problems; nothing was imported.');
    expect(apiError.extras.details).toEqual(
      expect.arrayContaining([
        { field: '$.sites[1].website_url', message: expect.stringContaining('http or https URL') },
        { field: '$.sites[1].name', message: 'is required: a non-blank string' },
        {
          field: '$.sites[1].articles[3].published_at',
          message: expect.stringContaining('must be an RFC 3339 timestamp'),
        },
        {
          field: '$.sites[1].articles[3].word_count',
          message: 'is computed from the body; leave it out',
        },
        { field: '$.sites[1].articles[4].body', message: 'is required: non-blank HTML' },
        {
          field: '$.sites[1].articles[5].ref',
          message: 'repeats the ref of $.sites[1].articles[0]',
        },
        {
          field: '$.sites[1].articles[5].revision_origin',
          message: 'must be "api" or "mcp" or "editor" or "rewrite" or null',
        },
        {
          field: '$.sites[1].backlinks[0].category',
          message: 'is required: "industry" or "local"',
        },
        {
          field: '$.sites[1].backlinks[0].acquired_at',
          message: expect.stringContaining('RFC 3339'),
        },
        { field: '$.sites[1].backlinks[1]', message: 'must be an object' },
        { field: '$.extra', message: 'is not a known field' },
      ]),
    );
    expect(apiError.extras.details).toHaveLength(11);
    expect(await snapshot(accountId)).toMatchObject({
      sites: 0,
      articles: 0,
      backlinks: 0,
      revisions: 0,
    });
  });

  it('finds a ref repeated across batches', async () => {
    const { accountId } = await seedAccount(t.db);
    const backlinks = Array.from({ length: 6_000 }, (_, i) => ({
      ref: `bl-${i === 5_500 ? 3 : i}`,
      category: 'local',
    }));
    const error = await rejection(
      importer.importFile(
        accountId,
        file('repeat.json', { sites: [{ ref: 's', name: 'S', backlinks }] }),
      ),
    );
    expect(error.extras.details).toEqual([
      {
        field: '$.sites[0].backlinks[5500].ref',
        message: 'repeats the ref of $.sites[0].backlinks[3]',
      },
    ]);
    expect(await snapshot(accountId)).toMatchObject({ sites: 0, backlinks: 0 });
  });

  it.each([
    ['not JSON at all', 'hello', '$', 'is not valid JSON'],
    [
      'cut short',
      '{"sites": [{"name": "A", "articles": [{"body": "<p>x</p>"}',
      '$.sites[0].articles[1]',
      'the file ends before the JSON document does',
    ],
    [
      'broken inside an article',
      '{"sites": [{"name": "A", "articles": [{"body": "<p>fine</p>"}, {"body": "x",, }]}]}',
      '$.sites[0].articles[1]',
      'is not valid JSON',
    ],
    ['not an object', '[1, 2]', '$', 'must be an object with a "sites" array'],
    ['without sites', '{}', '$.sites', 'is required: an array of sites'],
    ['empty', '', '$', 'the file ends before the JSON document does'],
  ])('rejects a file that is %s, saying where', async (_, text, path, message) => {
    const { accountId } = await seedAccount(t.db);
    const error = await rejection(importer.importFile(accountId, file('bad.json', text)));
    expect(error.extras.details).toEqual([
      { field: path, message: expect.stringContaining(message) },
    ]);
  });

  it('refuses NUL characters in any string, and bodies nested past the limit, saying where', async () => {
    const { accountId } = await seedAccount(t.db);
    const deep = `${'<b>'.repeat(300)}x`;
    const document = {
      sites: [
        {
          ref: 's\u0000',
          name: 'Acme',
          industry: 'Plumb\u0000ing',
          articles: [
            { ref: 'a', title: 'T\u0000', body: '<p>x</p>' },
            { ref: 'b', body: '<p>a\u0000b</p>' },
            { ref: 'c', body: deep },
          ],
          backlinks: [{ ref: 'l', category: 'local', anchor_text: '\u0000' }],
        },
      ],
    };
    const error = await rejection(importer.importFile(accountId, file('nul.json', document)));
    const nul = 'must not contain NUL characters';
    expect(error.extras.details).toEqual([
      { field: '$.sites[0].ref', message: nul },
      { field: '$.sites[0].industry', message: nul },
      { field: '$.sites[0].articles[0].title', message: nul },
      { field: '$.sites[0].articles[1].body', message: nul },
      { field: '$.sites[0].articles[2].body', message: 'nests elements more than 256 levels deep' },
      { field: '$.sites[0].backlinks[0].anchor_text', message: nul },
    ]);
    expect(await snapshot(accountId)).toMatchObject({ sites: 0, articles: 0, backlinks: 0 });
  });

  it('requires a site ref to come before the site items, since they are written as they stream', async () => {
    const { accountId } = await seedAccount(t.db);
    const error = await rejection(
      importer.importFile(
        accountId,
        file('late-ref.json', '{"sites": [{"name": "A", "backlinks": [], "ref": "late"}]}'),
      ),
    );
    expect(error.extras.details).toEqual([
      {
        field: '$.sites[0].ref',
        message: 'must come before "articles" and "backlinks" in the site object',
      },
    ]);
  });

  it('says which file cannot be read, and which account does not exist', async () => {
    const { accountId } = await seedAccount(t.db);
    await expect(importer.importFile(accountId, join(folder, 'missing.json'))).rejects.toThrow(
      `Cannot read the import file ${join(folder, 'missing.json')}: no such file.`,
    );
    await expect(importer.importFile(999_999, file('x.json', { sites: [] }))).rejects.toThrow(
      'Account 999999 does not exist.',
    );
  });

  it('streams a large file (20,000 backlinks, 500 articles) in batches', async () => {
    const { accountId } = await seedAccount(t.db);
    const path = join(folder, 'large.json');
    const out = createWriteStream(path);
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    await write('{"sites":[{"ref":"big","name":"Big site","articles":[');
    for (let i = 0; i < 500; i++) {
      await write(
        `${i ? ',' : ''}${JSON.stringify({ ref: `a-${i}`, title: `Article ${i}`, body: `<p>${'word '.repeat(400)}</p>` })}`,
      );
    }
    await write('],"backlinks":[');
    for (let i = 0; i < 20_000; i++) {
      const backlink = {
        ref: `bl-${i}`,
        acquired_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        source_domain: `site${i % 300}.example`,
        source_url: `https://site${i % 300}.example/post/${i}`,
        target_url: 'https://big.example/',
        anchor_text: 'Big site',
        anchor_type: 'branded',
        status: 'live',
        category: i % 3 === 0 ? 'local' : 'industry',
      };
      await write(`${i ? ',' : ''}${JSON.stringify(backlink)}`);
    }
    await write(']}]}');
    out.end();
    await once(out, 'finish');

    expect(await importer.importFile(accountId, path)).toEqual({
      sites: 1,
      articles: 500,
      backlinks: 20_000,
    });
    expect(await snapshot(accountId)).toMatchObject({
      sites: 1,
      articles: 500,
      backlinks: 20_000,
      revisions: 500,
    });
    const [{ local }] = await t.db.query(
      `SELECT count(*)::int AS local FROM backlinks b JOIN sites s ON s.id = b.site_id
        WHERE s.account_id = $1 AND b.category = 'local'`,
      [accountId],
    );
    expect(local).toBe(6_667);
  });
});
