import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, type SeededAccount } from '../support/fixtures.js';
import { listen } from '../support/mcp-client.js';
import { parseAnswer, rawExchange, type RawAnswer } from '../support/raw-http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** One request as bytes, closing the connection after its answer. */
const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\n${headers}\r\n`;

function envelope(answer: RawAnswer): unknown {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-request-id']).toEqual(expect.any(String));
  return JSON.parse(answer.body);
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'e2e', version: '1' },
  },
};

describe('Protocol edges: every request is answered with a status, in the error envelope', () => {
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

  async function logged(requestId: string) {
    await t.app.get(LearningLogWriter).flush();
    return t.db.query<Array<Record<string, unknown>>>(
      `SELECT channel, operation, key_id, status, error FROM learning_log WHERE request_id = $1`,
      [requestId],
    );
  }

  describe('requests no route can read: 400 malformed_request', () => {
    it.each([
      '/api/v1/sites/%ff/articles',
      '/api/v1/sites/%/articles',
      '/api/v1/sites/%zz/articles',
      '/api/v1/sites/%c0%ae/articles',
      '/api/v1/sites/%ff/backlinks',
      '/api/v1/sites/%ff/stats',
      '/api/v1/articles/%ff',
      '/api/v1/articles/%e2%82',
      '/api/v1/openapi.json/%ff',
      '/api/v1/openapi.json%',
      '/api/v1/%zz',
      '/mcp/%ff',
      '/mcp%',
      '/console/%ff',
      '/console/sites/%zz',
      '/health/%ff',
      '/media/%ff',
      '/docs/%ff',
      '/oauth/%ff',
      '/.well-known/%ff',
      '/%',
    ])('a path whose percent-encoding is not UTF-8, %s', async (path) => {
      const answer = parseAnswer(
        await rawExchange(baseUrl, get(path, `X-API-Key: ${owner.key}\r\n`)),
      );
      expect([path, answer.status]).toEqual([path, 400]);
      expect(envelope(answer)).toEqual({
        error: 'malformed_request',
        message: 'The request path is not valid percent-encoded UTF-8.',
      });
    });

    it('is counted against the key and logged with the operation its path names', async () => {
      const requestId = `pct-${randomUUID()}`;
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          get(
            '/api/v1/sites/%ff/articles',
            `X-API-Key: ${owner.key}\r\nX-Request-Id: ${requestId}\r\n`,
          ),
        ),
      );
      expect(answer.status).toBe(400);
      expect(answer.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
      expect(await logged(requestId)).toEqual([
        {
          channel: 'api',
          operation: 'listArticles',
          key_id: owner.keyId,
          status: 400,
          error: 'malformed_request',
        },
      ]);
    });

    it('an HTTP/1.1 request without Host: 400 malformed_request (HTTP/1.0 needs none)', async () => {
      const hostless = parseAnswer(
        await rawExchange(baseUrl, 'GET /api/v1/sites HTTP/1.1\r\nConnection: close\r\n\r\n'),
      );
      expect(hostless.status).toBe(400);
      expect(envelope(hostless)).toEqual({
        error: 'malformed_request',
        message: 'An HTTP/1.1 request must carry a Host header.',
      });
      const old = parseAnswer(await rawExchange(baseUrl, 'GET /api/v1/sites HTTP/1.0\r\n\r\n'));
      expect(old.status).toBe(401);
    });

    it('still serves percent-encoded UTF-8: %31 is the id 1', async () => {
      const res = await request(t.http)
        .get(`/api/v1/sites/${encodeId(siteId)}/articles`)
        .set('X-API-Key', owner.key);
      expect(res.status).toBe(200);
    });
  });

  describe('sizes and ways of sending that Node’s parser or the connection handling refused silently', () => {
    it('an 8 KB query string from a client that half-closes after sending it: answered', async () => {
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          get(`/api/v1/sites?q=${'a'.repeat(8_192)}`, `X-API-Key: ${owner.key}\r\n`),
          { halfClose: true },
        ),
      );
      expect(answer.status).toBe(200);
    });

    it('a 64 KB query string: 431 headers_too_large', async () => {
      const answer = parseAnswer(
        await rawExchange(baseUrl, get(`/api/v1/sites?q=${'a'.repeat(65_536)}`)),
      );
      expect(answer.status).toBe(431);
      expect(envelope(answer)).toMatchObject({ error: 'headers_too_large', limit: 16_384 });
    });

    it('a 20 KB header from a client that goes on sending its body before reading: 431 arrives', async () => {
      const upload =
        `PUT /api/v1/articles/${articleId} HTTP/1.1\r\nHost: api.test\r\n` +
        `Content-Type: application/json\r\nContent-Length: 4000000\r\n` +
        `X-Big: ${'b'.repeat(20_480)}\r\n\r\n`;
      const answer = parseAnswer(
        await rawExchange(baseUrl, upload, { thenSend: 4_000_000, halfClose: false }),
      );
      expect(answer.status).toBe(431);
      expect(answer.headers.connection).toBe('close');
      expect(envelope(answer)).toMatchObject({ error: 'headers_too_large' });
    });

    it('chunk extensions over Node’s limit: 400 malformed_request (framing, not a body too large)', async () => {
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          `PUT /api/v1/articles/${articleId} HTTP/1.1\r\nHost: api.test\r\n` +
            `Transfer-Encoding: chunked\r\n\r\n1;${'e'.repeat(20_000)}\r\nx\r\n0\r\n\r\n`,
        ),
      );
      expect(answer.status).toBe(400);
      expect(envelope(answer)).toMatchObject({ error: 'malformed_request' });
    });

    it('CONNECT (this is no proxy): 405 method_not_allowed with the methods of the target', async () => {
      const tunnel = parseAnswer(
        await rawExchange(
          baseUrl,
          'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
        ),
      );
      expect(tunnel.status).toBe(405);
      expect(tunnel.headers.allow).toBe('');
      expect(envelope(tunnel)).toMatchObject({ error: 'method_not_allowed' });
      const path = parseAnswer(
        await rawExchange(baseUrl, 'CONNECT /api/v1/sites HTTP/1.1\r\nHost: api.test\r\n\r\n'),
      );
      expect(path.status).toBe(405);
      expect(path.headers.allow).toBe('GET, HEAD');
    });
  });

  describe('request bodies the JSON parser cannot read', () => {
    it.each([
      ['a charset other than UTF-8', { 'Content-Type': 'application/json; charset=latin1' }],
      [
        'a content coding it does not know',
        { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' },
      ],
    ])('PUT with %s: 415 unsupported_media_type, nothing changed', async (_, headers) => {
      const res = await refusedWithoutChange(t.db, articleId, owner.keyId, () =>
        request(t.http)
          .put(`/api/v1/articles/${articleId}`)
          .set('X-API-Key', owner.key)
          .set(headers)
          .send('{"body":"<p>changed</p>"}'),
      );
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'unsupported_media_type',
        message: expect.stringMatching(/UTF-8|Content-Encoding/),
      });
    });

    it('POST featured-image with a latin1 JSON body: 415 unsupported_media_type', async () => {
      const res = await request(t.http)
        .post(`/api/v1/articles/${articleId}/featured-image`)
        .set('X-API-Key', owner.key)
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{"url":"https://cdn.example/a.png"}');
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('unsupported_media_type');
    });

    it('/mcp with a key and a latin1 body: 415 unsupported_media_type', async () => {
      const res = await request(t.http)
        .post('/mcp')
        .set('Authorization', `Bearer ${owner.key}`)
        .set('Accept', 'application/json, text/event-stream')
        .set('Content-Type', 'application/json; charset=latin1')
        .send(JSON.stringify(INITIALIZE));
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('unsupported_media_type');
    });

    it('a read ignores a body: GET with a latin1 JSON body is answered as the read', async () => {
      const res = await request(t.http)
        .get('/api/v1/sites')
        .set('X-API-Key', owner.key)
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{}');
      expect(res.status).toBe(200);
    });
  });

  describe('/mcp without a credential: 401 and its challenge before the body is read', () => {
    const challenge = /^Bearer resource_metadata="[^"]+", scope="read write"$/;

    it.each([
      ['a latin1 body', 'application/json; charset=latin1', JSON.stringify(INITIALIZE)],
      ['a 17 MB body', 'application/json', `{"x":"${'x'.repeat(17 * 1024 * 1024)}"}`],
      ['a body that is not JSON', 'application/json', '{"jsonrpc": '],
    ])('%s', async (_, contentType, body) => {
      const res = await request(t.http)
        .post('/mcp')
        .set('Accept', 'application/json, text/event-stream')
        .set('Content-Type', contentType)
        .send(body);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(challenge);
      expect(res.body).toEqual({ error: 'missing_credentials', message: expect.any(String) });
    });

    it('an unknown key with a 17 MB body: 401 invalid_token', async () => {
      const res = await request(t.http)
        .post('/mcp')
        .set('Authorization', `Bearer cbr_${'z'.repeat(40)}`)
        .set('Content-Type', 'application/json')
        .send(`{"x":"${'x'.repeat(17 * 1024 * 1024)}"}`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"$/);
    });

    it('is counted per client address and logged as a call to /mcp', async () => {
      const requestId = `anon-${randomUUID()}`;
      const send = () =>
        request(t.http)
          .post('/mcp')
          .set('Content-Type', 'application/json; charset=latin1')
          .set('X-Request-Id', requestId)
          .send('{}');
      const first = await send();
      const second = await send();
      expect(Number(second.headers['x-ratelimit-remaining'])).toBe(
        Number(first.headers['x-ratelimit-remaining']) - 1,
      );
      expect(await logged(requestId)).toEqual([
        {
          channel: 'mcp',
          operation: 'mcp',
          key_id: null,
          status: 401,
          error: 'missing_credentials',
        },
        {
          channel: 'mcp',
          operation: 'mcp',
          key_id: null,
          status: 401,
          error: 'missing_credentials',
        },
      ]);
    });
  });

  describe('a method the path does not have: 405 method_not_allowed with Allow', () => {
    it.each([
      ['DELETE', '/api/v1/sites', 'GET, HEAD'],
      ['PATCH', '/api/v1/articles/1', 'GET, HEAD, PUT'],
      ['POST', '/api/v1/articles/1', 'GET, HEAD, PUT'],
      ['POST', '/api/v1/sites/1/stats', 'GET, HEAD'],
      ['PUT', '/api/v1/sites/1/articles', 'GET, HEAD'],
      ['DELETE', '/api/v1/sites/1/backlinks', 'GET, HEAD'],
      ['GET', '/api/v1/articles/1/featured-image', 'POST'],
      ['POST', '/api/v1/openapi.json', 'GET, HEAD'],
      ['TRACE', '/api/v1/sites', 'GET, HEAD'],
      ['PROPFIND', '/api/v1/articles/abc', 'GET, HEAD, PUT'],
    ])('%s %s: Allow %s', async (method, path, allow) => {
      const answer = parseAnswer(
        await rawExchange(
          baseUrl,
          `${method} ${path} HTTP/1.1\r\nHost: api.test\r\nConnection: close\r\nX-API-Key: ${owner.key}\r\n\r\n`,
        ),
      );
      expect([method, path, answer.status, answer.headers.allow]).toEqual([
        method,
        path,
        405,
        allow,
      ]);
      expect(envelope(answer)).toEqual({
        error: 'method_not_allowed',
        message: `${method} is not a method of this path; it allows ${allow}.`,
      });
    });

    it('HEAD where there is no GET: 405 with Allow and no body', async () => {
      const res = await request(t.http)
        .head(`/api/v1/articles/${articleId}/featured-image`)
        .set('X-API-Key', owner.key);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    });

    it('without a key too, like an unknown path; an unknown path stays 404', async () => {
      const res = await request(t.http).delete('/api/v1/sites');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      const unknown = await request(t.http).delete('/api/v1/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('not_found');
    });

    it('is counted against the key and logged under it, with no operation, like an unknown path', async () => {
      const requestId = `method-${randomUUID()}`;
      const res = await request(t.http)
        .delete('/api/v1/sites')
        .set('X-API-Key', owner.key)
        .set('X-Request-Id', requestId);
      expect(res.status).toBe(405);
      expect(res.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
      expect(await logged(requestId)).toEqual([
        {
          channel: 'api',
          operation: null,
          key_id: owner.keyId,
          status: 405,
          error: 'method_not_allowed',
        },
      ]);
    });
  });
});

/** A site id with its first digit percent-encoded (`12` → `%312`). */
function encodeId(id: number): string {
  const digits = String(id);
  return `%3${digits[0]}${digits.slice(1)}`;
}
