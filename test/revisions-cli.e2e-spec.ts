import request from 'supertest';
import { runCli } from '../src/cli/main.js';
import { articleState, editsCounted } from './support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from './support/fixtures.js';
import { createTestApp, TestApp } from './support/test-app.js';

const PARTNER = '<a href="https://partner.example/" data-service-protected="backlink">partner</a>';

describe('content-api revisions', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let articleId: number;

  async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    const siteId = await seedSite(t.db, owner.accountId);
    articleId = await seedArticle(t.db, siteId, {
      title: 'First',
      body: `<p>First draft with our ${PARTNER}.</p>`,
      featured_image_url: 'https://cdn.example/first.jpg',
    });
    const edited = await request(t.http)
      .put(`/api/v1/articles/${articleId}`)
      .set('X-API-Key', owner.key)
      .send({
        title: 'Second',
        body: `<p>Second draft with our ${PARTNER}, longer.</p>`,
        reason: 'Rewrite',
      });
    expect(edited.status).toBe(200);
    const image = await request(t.http)
      .post(`/api/v1/articles/${articleId}/featured-image`)
      .set('X-API-Key', owner.key)
      .send({ url: 'https://cdn.example/second.jpg' });
    expect(image.status).toBe(200);
  });
  afterAll(() => t.close());

  it('lists every revision oldest first with --json', async () => {
    const { code, stdout } = await cli(
      'revisions',
      'list',
      '--article',
      String(articleId),
      '--json',
    );
    expect(code).toBe(0);
    const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(JSON.parse(stdout)).toEqual([
      {
        number: 1,
        origin: 'editor',
        reason: null,
        title: 'First',
        featured_image_url: 'https://cdn.example/first.jpg',
        key_id: null,
        created_at: timestamp,
      },
      {
        number: 2,
        origin: 'api',
        reason: 'Rewrite',
        title: 'Second',
        featured_image_url: 'https://cdn.example/first.jpg',
        key_id: owner.keyId,
        created_at: timestamp,
      },
      {
        number: 3,
        origin: 'api',
        reason: null,
        title: 'Second',
        featured_image_url: 'https://cdn.example/second.jpg',
        key_id: owner.keyId,
        created_at: timestamp,
      },
    ]);
  });

  it('restores a revision as a new editor revision, without counting an edit, and keeps every earlier one', async () => {
    const counted = await editsCounted(t.db, owner.keyId);
    const { code, stdout } = await cli(
      'revisions',
      'restore',
      '--article',
      String(articleId),
      '--revision',
      '1',
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      number: 4,
      origin: 'editor',
      reason: 'Restored revision 1',
      title: 'First',
      featured_image_url: 'https://cdn.example/first.jpg',
      key_id: null,
    });
    expect(await articleState(t.db, articleId)).toEqual({
      title: 'First',
      body: `<p>First draft with our ${PARTNER}.</p>`,
      featured_image_url: 'https://cdn.example/first.jpg',
      word_count: 5,
      revisions: 4,
    });
    expect(await editsCounted(t.db, owner.keyId)).toBe(counted);
    const read = await request(t.http)
      .get(`/api/v1/articles/${articleId}`)
      .set('X-API-Key', owner.key);
    expect(read.body.data.title).toBe('First');

    const listed = await cli('revisions', 'list', '--article', String(articleId), '--json');
    expect(JSON.parse(listed.stdout).map((r: { number: number }) => r.number)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('prints text without --json', async () => {
    const { code, stdout } = await cli('revisions', 'list', '--article', String(articleId));
    expect(code).toBe(0);
    expect(stdout.split('\n')[1]).toContain(`#2`);
    expect(stdout).toContain('Rewrite');
  });

  it.each([
    [['revisions', 'list', '--article', '2000000000'], 'Article 2000000000'],
    [['revisions', 'restore', '--article', 'ARTICLE', '--revision', '99'], 'no revision 99'],
  ])('fails with a message on stderr and nothing on stdout: %j', async (argv, message) => {
    const args = argv.map((arg) => (arg === 'ARTICLE' ? String(articleId) : arg));
    const before = await articleState(t.db, articleId);
    const { code, stdout, stderr } = await cli(...args, '--json');
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(await articleState(t.db, articleId)).toEqual(before);
  });
});
