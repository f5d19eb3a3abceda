import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { articleState, latestRevision, refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

interface Logged {
  channel: string;
  operation: string | null;
  method: string;
  path: string;
  status: number;
  key_id: number | null;
  account_id: number | null;
  error: string | null;
}

/**
 * Every call to /api and /mcp is one spelling of one resource, counted
 * against the key it presents, limited, and logged once under that key and
 * its account, whatever fails first; and what the log and the revisions
 * say about the channel is the server's word, never the client's.
 */
describe('Call accounting', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let articleId: number;

  async function logged(requestId: string): Promise<Logged[]> {
    await t.app.get(LearningLogWriter).flush();
    return t.db.query<Logged[]>(
      `SELECT channel, operation, method, path, status, key_id, account_id, error
         FROM learning_log WHERE request_id = $1`,
      [requestId],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    articleId = await seedArticle(t.db, await seedSite(t.db, owner.accountId), {
      body: '<p>Stored</p>',
    });
  });
  afterAll(() => t.close());

  describe('one spelling per resource', () => {
    it.each([
      ['GET', '/API/V1/SITES'],
      ['GET', '/Api/v1/sites'],
      ['GET', '/api/V1/sites'],
      ['GET', '/api/v1/Sites'],
      ['GET', `/API/V1/ARTICLES/ID`],
      ['POST', '/MCP'],
      ['POST', '/Mcp'],
      ['POST', '/mcp;x'],
      ['POST', '/mcp%2f'],
      ['GET', '/api/v1/sites;x'],
      ['GET', '/%61pi/v1/sites'],
    ])('%s %s is 404 not_found, logged with the key and its account', async (method, path) => {
      const requestId = randomUUID();
      const target = path.replace('ID', String(articleId));
      const agent = request(t.http);
      const res = await (method === 'GET' ? agent.get(target) : agent.post(target))
        .set('Authorization', `Bearer ${owner.key}`)
        .set('X-Request-Id', requestId);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect(await logged(requestId)).toEqual([
        {
          channel: /^\/(%6d|m)cp/i.test(target) ? 'mcp' : 'api',
          operation: null,
          method,
          path: target,
          status: 404,
          key_id: owner.keyId,
          account_id: owner.accountId,
          error: 'not_found',
        },
      ]);
    });

    it('saves no edit through another spelling of the route', async () => {
      const res = await refusedWithoutChange(t.db, articleId, owner.keyId, () =>
        request(t.http)
          .put(`/API/V1/ARTICLES/${articleId}`)
          .set('X-API-Key', owner.key)
          .send({ body: '<p>Changed</p>' }),
      );
      expect(res.status).toBe(404);
    });
  });

  describe('a forged channel changes nothing', () => {
    it('a direct PUT claiming to be the agent server is an api edit, logged as such', async () => {
      const requestId = randomUUID();
      const res = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key)
        .set('X-Request-Id', requestId)
        .set('X-Content-Api-Channel', 'mcp')
        .set('X-Content-Api-Tool', 'update_article')
        .send({ body: '<p>Forged</p>' });
      expect(res.status).toBe(200);
      expect((await latestRevision(t.db, articleId)).origin).toBe('api');
      expect(await logged(requestId)).toEqual([
        expect.objectContaining({ channel: 'api', operation: 'updateArticle', status: 200 }),
      ]);
    });

    it('a read claiming a tool is logged as the API call it is', async () => {
      const requestId = randomUUID();
      await request(t.http)
        .get('/api/v1/sites')
        .set('X-API-Key', owner.key)
        .set('X-Request-Id', requestId)
        .set('X-Content-Api-Channel', 'mcp')
        .set('X-Content-Api-Tool', 'list_sites');
      expect(await logged(requestId)).toEqual([
        expect.objectContaining({ channel: 'api', operation: 'listSites' }),
      ]);
    });
  });

  describe('calls that fail before a route is reached', () => {
    let limited: TestApp;
    let key: SeededAccount;
    let limitedArticle: number;

    beforeAll(async () => {
      limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '6' });
      key = await seedAccount(limited.db);
      limitedArticle = await seedArticle(limited.db, await seedSite(limited.db, key.accountId));
    });
    afterAll(() => limited.close());

    it('are counted against the key, carry its headers, are limited, and are logged under it', async () => {
      const send = (build: (r: ReturnType<typeof request>) => request.Test) =>
        build(request(limited.http)).set('X-API-Key', key.key).set('X-Request-Id', randomUUID());
      const answers = [
        await send((r) => r.get('/api/v1/no-such-thing')),
        await send((r) => r.get('/API/V1/SITES')),
        await send((r) =>
          r
            .put(`/api/v1/articles/${limitedArticle}`)
            .set('Content-Type', 'application/json')
            .send('{"body": '),
        ),
        await send((r) =>
          r
            .put(`/api/v1/articles/${limitedArticle}`)
            .set('Content-Type', 'application/json')
            .send(`{"body":${'['.repeat(100)}${']'.repeat(100)}}`),
        ),
        await send((r) =>
          r
            .put(`/api/v1/articles/${limitedArticle}`)
            .set('Content-Type', 'application/json')
            .send(`{"body":"${'x'.repeat(9 * 1024 * 1024)}"}`),
        ),
        await send((r) => r.post('/mcp;x')),
      ];
      expect(answers.map((res) => [res.status, res.headers['x-ratelimit-remaining']])).toEqual([
        [404, '5'],
        [404, '4'],
        [422, '3'],
        [422, '2'],
        [413, '1'],
        [404, '0'],
      ]);
      const refused = await send((r) => r.get('/api/v1/no-such-thing'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'rate_limited', limit: 6 });

      await limited.app.get(LearningLogWriter).flush();
      const rows = await limited.db.query<Logged[]>(
        `SELECT status, key_id, account_id, error FROM learning_log ORDER BY occurred_at, id`,
      );
      expect(rows).toEqual(
        [404, 404, 422, 422, 413, 404, 429].map((status, i) => ({
          status,
          key_id: key.keyId,
          account_id: key.accountId,
          error: [
            'not_found',
            'not_found',
            'validation_failed',
            'validation_failed',
            'payload_too_large',
            'not_found',
            'rate_limited',
          ][i],
        })),
      );
      expect((await articleState(limited.db, limitedArticle)).revisions).toBe(1);
    });
  });
});
