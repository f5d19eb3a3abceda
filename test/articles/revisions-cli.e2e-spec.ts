import request from 'supertest';
import { runCli } from '../../src/cli/main.js';
import { articleState, editsCounted, latestRevision } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

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
    expect(await latestRevision(t.db, articleId)).toMatchObject({ actor: 'cli', origin: 'editor' });
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

  it('changes nothing and says so when the article already has that content', async () => {
    const before = await articleState(t.db, articleId);
    const { code, stdout } = await cli(
      'revisions',
      'restore',
      '--article',
      String(articleId),
      '--revision',
      '1',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('already has the content of revision 1; nothing changed');
    expect(await articleState(t.db, articleId)).toEqual(before);
  });

  it('refuses a restore that would drop a protected link, unless --force', async () => {
    const siteId = await seedSite(t.db, owner.accountId);
    const bare = await seedArticle(t.db, siteId, { title: 'Bare', body: '<p>No links yet.</p>' });
    // The platform inserted a backlink after revision 1 was made.
    await t.db.query(`UPDATE articles SET body = $2 WHERE id = $1`, [
      bare,
      `<p>Now with our ${PARTNER}.</p>`,
    ]);
    const before = await articleState(t.db, bare);
    const refused = await cli('revisions', 'restore', '--article', String(bare), '--revision', '1');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('Revision 1 lacks or alters protected links');
    expect(refused.stderr).toContain('backlink https://partner.example/ "partner"');
    expect(refused.stderr).toContain('--force');
    expect(await articleState(t.db, bare)).toEqual(before);

    const forced = await cli(
      'revisions',
      'restore',
      '--article',
      String(bare),
      '--revision',
      '1',
      '--force',
      '--json',
    );
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({
      number: 2,
      origin: 'editor',
      reason: 'Restored revision 1',
    });
    expect((await articleState(t.db, bare)).body).toBe('<p>No links yet.</p>');
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
