import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { callTool, hostedClient, listen } from '../support/mcp-client.js';
import { parseAnswer, rawExchange } from '../support/raw-http.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** JSON nested `depth` levels deep, as text (building it as a value would recurse). */
const nestedJson = (depth: number, inner = '1') =>
  `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('Input bounds: no input makes a 500 or an empty answer', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SeededAccount;
  let siteId: number;
  let articleId: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId);
    articleId = await seedArticle(t.db, siteId);
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  describe('NUL characters', () => {
    it.each([
      ['status', `/api/v1/sites/SITE/articles?status=%00`],
      ['status', `/api/v1/sites/SITE/articles?status=pub%00lished`],
      ['from', `/api/v1/sites/SITE/backlinks?from=2026-01-01%00`],
      ['period', `/api/v1/sites/SITE/stats?period=%00`],
      ['page', `/api/v1/sites?page=1%00`],
      ['colour', `/api/v1/sites?colour=%00`],
    ])('in the query parameter %s: 422 invalid_parameter naming it', async (name, path) => {
      const res = await request(t.http)
        .get(path.replace('SITE', String(siteId)))
        .set('X-API-Key', owner.key);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'invalid_parameter',
        details: [{ field: name, message: 'must not contain NUL characters' }],
      });
    });

    it.each([
      ['title', { title: 'a\u0000b', body: '<p>x</p>' }],
      ['reason', { body: '<p>x</p>', reason: '\u0000' }],
      ['body', { body: '<p>a\u0000b</p>' }],
    ])('in the body field %s: 422 naming it, the article unchanged', async (field, payload) => {
      const res = await refusedWithoutChange(t.db, articleId, owner.keyId, () =>
        request(t.http)
          .put(`/api/v1/articles/${articleId}`)
          .set('X-API-Key', owner.key)
          .send(payload),
      );
      expect(res.status).toBe(422);
      expect(res.body.details).toContainEqual({
        field,
        message: 'must not contain NUL characters',
      });
    });

    it('in a field name: 422 validation_failed', async () => {
      const res = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key)
        .set('Content-Type', 'application/json')
        .send('{"body":"<p>x</p>","\\u0000":"y"}');
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    });

    it('in a featured-image url, multipart or JSON: 422', async () => {
      const json = await request(t.http)
        .post(`/api/v1/articles/${articleId}/featured-image`)
        .set('X-API-Key', owner.key)
        .send({ url: 'https://cdn.example/a\u0000.jpg' });
      expect(json.status).toBe(422);
      const form = await request(t.http)
        .post(`/api/v1/articles/${articleId}/featured-image`)
        .set('X-API-Key', owner.key)
        .field('url', 'https://cdn.example/a.jpg')
        .field('reason', 'x\u0000');
      expect(form.status).toBe(422);
      expect(form.body.details).toContainEqual({
        field: 'reason',
        message: 'must not contain NUL characters',
      });
    });

    it('in a tool argument: the tool result is the API’s 422 naming it', async () => {
      const agent = await hostedClient(baseUrl, { Authorization: `Bearer ${owner.key}` });
      try {
        const result = await callTool(agent, 'list_articles', {
          site_id: siteId,
          status: 'a\u0000',
        });
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({
          error: 'invalid_parameter',
          details: [{ field: 'status', message: 'must not contain NUL characters' }],
        });
      } finally {
        await agent.close();
      }
    });

    it('in a protocol method sent to /mcp: logged without breaking the log', async () => {
      const res = await request(t.http)
        .post('/mcp')
        .set('Authorization', `Bearer ${owner.key}`)
        .set('Accept', 'application/json, text/event-stream')
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/\u0000list' });
      expect(res.status).toBeLessThan(500);
      await request(t.http)
        .get('/api/v1/sites')
        .set('X-API-Key', owner.key)
        .set('X-Request-Id', 'after-nul');
      await t.app.get(LearningLogWriter).flush();
      const rows = await t.db.query<Array<{ operation: string }>>(
        `SELECT operation FROM learning_log WHERE request_id = 'after-nul'`,
      );
      expect(rows).toEqual([{ operation: 'listSites' }]);
    });
  });

  describe('JSON nested deeper than the body parser allows', () => {
    it.each([
      ['a PUT', () => request(t.http).put(`/api/v1/articles/${articleId}`)],
      [
        'a featured-image POST',
        () => request(t.http).post(`/api/v1/articles/${articleId}/featured-image`),
      ],
    ])('%s of 2,000 levels: 422 validation_failed naming the limit', async (_name, send) => {
      const res = await refusedWithoutChange(t.db, articleId, owner.keyId, () =>
        send()
          .set('X-API-Key', owner.key)
          .set('Content-Type', 'application/json')
          .send(`{"body":${nestedJson(2_000)}}`),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_failed',
        limit: 64,
        details: [{ field: 'body', message: 'nests deeper than 64 levels' }],
      });
    });

    it('on /mcp too', async () => {
      const res = await request(t.http)
        .post('/mcp')
        .set('Authorization', `Bearer ${owner.key}`)
        .set('Content-Type', 'application/json')
        .send(
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_sites","arguments":${nestedJson(100_000, '{}')}}}`,
        );
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    });

    it('accepts nesting up to the limit (it is then an ordinary invalid field)', async () => {
      const res = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key)
        .set('Content-Type', 'application/json')
        .send(`{"body":${nestedJson(63)}}`);
      expect(res.status).toBe(422);
      expect(res.body.details).toContainEqual({ field: 'body', message: 'must be a string' });
    });

    it('counts brackets inside strings as text', async () => {
      const res = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key)
        .send({ body: `<p>${'['.repeat(5_000)}"\\{</p>` });
      expect(res.status).toBe(200);
    });
  });

  describe('requests Node’s HTTP parser refuses', () => {
    it('a malformed request: 400 malformed_request with the error envelope', async () => {
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          'GET /api/v1/sites HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
        ),
      );
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-request-id']).toMatch(/\S+/);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({
        error: 'malformed_request',
        message: 'The request is not well-formed HTTP/1.1.',
      });
    });

    it('headers over Node’s limit: 431 headers_too_large with the error envelope', async () => {
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          `GET /api/v1/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        ),
      );
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'headers_too_large',
        message: 'The request line and headers together are over 16384 bytes.',
        limit: 16_384,
      });
    });
  });
});
