import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { runCli } from '../../src/cli/main.js';
import { seedAccount, seedArticle, seedKey, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

interface Expected {
  status: number;
  operation: string | null;
  key: number | null;
  account: number | null;
  error: string | null;
  channel?: 'api' | 'mcp';
}

const USER_AGENT = 'learning-log-test/1.0';

describe('The learning log', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let revoked: { keyId: number; key: string };
  let readOnly: { keyId: number; key: string };
  let limited: SeededAccount;
  let articleId: number;
  const made = new Map<string, Expected>();

  /** Sends one call with its own request id and notes what the log must say about it. */
  async function call(
    build: (agent: ReturnType<typeof request>) => request.Test,
    expected: Expected,
  ): Promise<request.Response> {
    const requestId = `ll-${randomUUID()}`;
    const res = await build(request(t.http))
      .set('X-Request-Id', requestId)
      .set('User-Agent', USER_AGENT);
    expect(res.status).toBe(expected.status);
    made.set(requestId, expected);
    return res;
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
    owner = await seedAccount(t.db);
    revoked = await seedKey(t.db, owner.accountId, { revokedAt: new Date() });
    readOnly = await seedKey(t.db, owner.accountId, { scopes: ['read'] });
    limited = await seedAccount(t.db, { name: 'Busy agency' });
    const siteId = await seedSite(t.db, owner.accountId);
    articleId = await seedArticle(t.db, siteId);

    const as = { key: owner.keyId, account: owner.accountId };
    await call((r) => r.get('/api/v1/sites').set('X-API-Key', owner.key), {
      status: 200,
      operation: 'listSites',
      ...as,
      error: null,
    });
    await call((r) => r.get('/api/v1/sites?per_page=0').set('X-API-Key', owner.key), {
      status: 422,
      operation: 'listSites',
      ...as,
      error: 'invalid_parameter',
    });
    await call((r) => r.get('/api/v1/articles/2147483647').set('X-API-Key', owner.key), {
      status: 404,
      operation: 'getArticle',
      ...as,
      error: 'article_not_found',
    });
    await call((r) => r.get(`/api/v1/sites/${siteId}/report`).set('X-API-Key', owner.key), {
      status: 200,
      operation: 'getSiteReport',
      ...as,
      error: null,
    });
    await call(
      (r) => r.get(`/api/v1/sites/${siteId}/report?format=docx`).set('X-API-Key', owner.key),
      { status: 406, operation: 'getSiteReport', ...as, error: 'not_acceptable' },
    );
    await call((r) => r.get('/api/v1/report?format=csv').set('X-API-Key', owner.key), {
      status: 200,
      operation: 'getAccountReport',
      ...as,
      error: null,
    });
    await call((r) => r.get('/api/v1/sites'), {
      status: 401,
      operation: 'listSites',
      key: null,
      account: null,
      error: 'missing_credentials',
    });
    await call((r) => r.get('/api/v1/sites').set('Authorization', `Bearer cbr_${'z'.repeat(40)}`), {
      status: 401,
      operation: 'listSites',
      key: null,
      account: null,
      error: 'invalid_credentials',
    });
    await call((r) => r.get(`/api/v1/articles/${articleId}`).set('X-API-Key', revoked.key), {
      status: 401,
      operation: 'getArticle',
      key: revoked.keyId,
      account: owner.accountId,
      error: 'invalid_credentials',
    });
    await call(
      (r) =>
        r
          .put(`/api/v1/articles/${articleId}`)
          .set('X-API-Key', readOnly.key)
          .send({ body: '<p>x</p>' }),
      {
        status: 403,
        operation: 'updateArticle',
        key: readOnly.keyId,
        account: owner.accountId,
        error: 'insufficient_scope',
      },
    );
    await call((r) => r.get('/api/v1/no-such-thing').set('X-API-Key', owner.key), {
      status: 404,
      operation: null,
      ...as,
      error: 'not_found',
    });
    await call(
      (r) =>
        r
          .put(`/api/v1/articles/${articleId}`)
          .set('X-API-Key', owner.key)
          .set('Content-Type', 'application/json')
          .send('{"body": '),
      { status: 422, operation: 'updateArticle', ...as, error: 'validation_failed' },
    );
    await call(
      (r) =>
        r
          .get('/api/v1/sites')
          .set('X-API-Key', owner.key)
          .set('X-Content-Api-Channel', 'mcp')
          .set('X-Content-Api-Tool', 'list_sites'),
      { status: 200, operation: 'listSites', ...as, error: null, channel: 'api' },
    );
    for (let i = 0; i < 10; i++) {
      await call((r) => r.get('/api/v1/sites').set('X-API-Key', limited.key), {
        status: 200,
        operation: 'listSites',
        key: limited.keyId,
        account: limited.accountId,
        error: null,
      });
    }
    await call((r) => r.get('/api/v1/sites').set('X-API-Key', limited.key), {
      status: 429,
      operation: 'listSites',
      key: limited.keyId,
      account: limited.accountId,
      error: 'rate_limited',
    });
    // Probes and scrapes are not API calls.
    await request(t.http).get('/health/ready');
    await request(t.http).get('/metrics');

    await t.app.get(LearningLogWriter).flush();
  });
  afterAll(() => t.close());

  it('holds every call of the sequence exactly once, with its operation, key, account, status and error', async () => {
    const rows: Array<Record<string, unknown>> = await t.db.query(
      `SELECT request_id, channel, operation, key_id, account_id, status, error, method, path,
              duration_ms, client_address, user_agent, occurred_at
         FROM learning_log`,
    );
    expect(rows).toHaveLength(made.size);
    for (const [requestId, expected] of made) {
      const matching = rows.filter((row) => row.request_id === requestId);
      expect(matching).toHaveLength(1);
      expect(matching[0]).toMatchObject({
        channel: expected.channel ?? 'api',
        operation: expected.operation,
        key_id: expected.key,
        account_id: expected.account,
        status: expected.status,
        error: expected.error,
        user_agent: USER_AGENT,
      });
      expect(matching[0].client_address).toEqual(expect.stringContaining('127.0.0.1'));
      expect(matching[0].duration_ms).toEqual(expect.any(Number));
    }
  });

  it('keeps the method and path, but never a query string, a body or a credential', async () => {
    const [row] = await t.db.query(
      `SELECT method, path FROM learning_log WHERE error = 'invalid_parameter'`,
    );
    expect(row).toEqual({ method: 'GET', path: '/api/v1/sites' });
    for (const secret of [owner.key, revoked.key, readOnly.key, limited.key, '<p>x</p>']) {
      const [found] = await t.db.query(
        `SELECT count(*)::int AS n FROM learning_log l WHERE row_to_json(l)::text LIKE '%' || $1 || '%'`,
        [secret],
      );
      expect(found.n).toBe(0);
    }
  });

  it('is listed per account, newest first, by `content-api log list`', async () => {
    let stdout = '';
    const code = await runCli(
      ['log', 'list', '--account', String(owner.accountId), '--limit', '3', '--json'],
      {
        env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
        stdout: (text) => (stdout += text),
        stderr: () => undefined,
      },
    );
    expect(code).toBe(0);
    const listed = JSON.parse(stdout);
    expect(listed).toHaveLength(3);
    expect(Object.keys(listed[0]).sort()).toEqual([
      'channel',
      'duration_ms',
      'error',
      'key_id',
      'method',
      'occurred_at',
      'operation',
      'path',
      'request_id',
      'status',
    ]);
    expect(listed[0]).toMatchObject({ channel: 'api', operation: 'listSites', status: 200 });
    expect(listed[1]).toMatchObject({
      operation: 'updateArticle',
      status: 422,
      key_id: owner.keyId,
    });
    const times = listed.map((entry: { occurred_at: string }) => Date.parse(entry.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
