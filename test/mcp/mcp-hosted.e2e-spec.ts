import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { articleState, latestRevision } from '../support/article-state.js';
import { seedAccount, seedKey } from '../support/fixtures.js';
import { pngImage } from '../support/images.js';
import { callTool, hostedClient, listen, texts } from '../support/mcp-client.js';
import {
  loggedCalls,
  PROTECTED_BODY,
  readCalls,
  seedReportingAccounts,
  type ReportingAccounts,
} from '../support/mcp-fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const READ_TOOLS = [
  'list_sites',
  'list_articles',
  'get_article',
  'list_backlinks',
  'get_stats',
  'get_report',
  'get_account_report',
];
const WRITE_TOOLS = ['update_article', 'replace_featured_image'];

describe('the hosted agent server (/mcp)', () => {
  let t: TestApp;
  let baseUrl: string;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    // Limits have a describe of their own below.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    a = await seedReportingAccounts(t.db);
    baseUrl = await listen(t);
    client = await hostedClient(baseUrl, { Authorization: `Bearer ${a.owner.key}` });
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('lists the nine tools with titles, descriptions, schemas and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      if (READ_TOOLS.includes(tool.name)) {
        expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      } else {
        expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
        expect(typeof tool.annotations?.idempotentHint).toBe('boolean');
      }
    }
    const listArticles = tools.find((tool) => tool.name === 'list_articles')!;
    expect(listArticles.inputSchema.required).toEqual(['site_id']);
    expect(listArticles.inputSchema.properties?.per_page).toMatchObject({
      minimum: 1,
      maximum: 100,
    });
  });

  it('answers every read tool with exactly the endpoint’s body for the same key', async () => {
    for (const [tool, args, path] of readCalls(a)) {
      const direct = await request(t.http).get(path).set('X-API-Key', a.owner.key);
      expect([tool, direct.status]).toEqual([tool, 200]);
      const result = await callTool(client, tool, args);
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(direct.body);
      expect(JSON.parse(texts(result)[1])).toEqual(direct.body);
    }
  });

  it('publishes output schemas naming exactly the fields the endpoints return', async () => {
    const { tools } = await client.listTools();
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!.outputSchema!;
    const site = (await callTool(client, 'list_sites')).structuredContent as { data: object[] };
    const article = (await callTool(client, 'get_article', { article_id: a.articleId }))
      .structuredContent as { data: object };
    const items = (name: string) =>
      (schemaOf(name).properties as { data: { items: { properties: object } } }).data.items;
    const single = (name: string) =>
      (schemaOf(name).properties as { data: { properties: object } }).data;
    expect(Object.keys(items('list_sites').properties).sort()).toEqual(
      Object.keys(site.data[0]).sort(),
    );
    expect(Object.keys(single('get_article').properties).sort()).toEqual(
      Object.keys(article.data).sort(),
    );
  });

  it('tells how to page on, in the text result', async () => {
    const result = await callTool(client, 'list_sites', { per_page: 1 });
    expect(texts(result)[0]).toBe(
      '2 websites in total; page 1 of 2 shows 1. Call list_sites with page=2 (same filters and per_page) for the next ones.',
    );
  });

  it('answers another account’s article and site as not found, as a tool error', async () => {
    const article = await callTool(client, 'get_article', { article_id: a.otherArticleId });
    expect(article.isError).toBe(true);
    expect(article.structuredContent).toEqual({
      error: 'article_not_found',
      message: expect.any(String),
    });
    expect(texts(article)[0]).toContain('Call list_articles for valid ids.');
    const site = await callTool(client, 'get_stats', { site_id: a.otherSiteId });
    expect(site.structuredContent).toMatchObject({ error: 'site_not_found' });
  });

  it('passes invalid arguments to the API and returns its validation error', async () => {
    const result = await callTool(client, 'list_articles', { site_id: a.siteId, per_page: 101 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: 'invalid_parameter',
      details: [{ field: 'per_page', message: expect.any(String) }],
    });
    const period = await callTool(client, 'get_stats', { site_id: a.siteId, period: 'fortnight' });
    expect(period.structuredContent).toMatchObject({ error: 'invalid_period' });
    const id = await callTool(client, 'get_article', {});
    expect(id.structuredContent).toMatchObject({ error: 'invalid_parameter' });
    expect(texts(id)[0]).toContain('article_id:');
  });

  it('refuses arguments a tool does not take, for every tool, as its schema says', async () => {
    const required: Record<string, Record<string, unknown>> = {
      list_articles: { site_id: a.siteId },
      get_article: { article_id: a.articleId },
      list_backlinks: { site_id: a.siteId },
      get_stats: { site_id: a.siteId },
      update_article: { article_id: a.articleId, body: PROTECTED_BODY },
      replace_featured_image: { article_id: a.articleId, url: 'https://cdn.example/x.png' },
    };
    const before = await articleState(t.db, a.articleId);
    for (const tool of [...READ_TOOLS, ...WRITE_TOOLS]) {
      const result = await callTool(client, tool, { ...required[tool], bogus: 1 });
      expect([tool, result.isError]).toEqual([tool, true]);
      expect(result.structuredContent).toEqual({
        error: READ_TOOLS.includes(tool) ? 'invalid_parameter' : 'validation_failed',
        message: expect.stringMatching(new RegExp(`^Unknown argument bogus: ${tool} takes `)),
        details: [{ field: 'bogus', message: `is not an argument of ${tool}` }],
      });
    }
    expect(await articleState(t.db, a.articleId)).toEqual(before);
  });

  it('names the tool’s own arguments in the details of a refusal, not the path’s id', async () => {
    const article = await callTool(client, 'get_article', { article_id: 'abc' });
    expect(article.structuredContent).toEqual({
      error: 'invalid_parameter',
      message: 'Invalid parameter article_id: must be an integer from 1 to 2147483647',
      details: [{ field: 'article_id', message: 'must be an integer from 1 to 2147483647' }],
    });
    expect(texts(article)[0]).toBe(
      'get_article was refused (422 invalid_parameter): Invalid parameter article_id: must be an integer from 1 to 2147483647. Correct the arguments and call again.',
    );
    const site = await callTool(client, 'list_backlinks', { site_id: 0 });
    expect(site.structuredContent).toMatchObject({
      details: [{ field: 'site_id', message: expect.any(String) }],
    });
    const neither = await callTool(client, 'replace_featured_image', { article_id: a.articleId });
    expect(neither.structuredContent).toMatchObject({
      error: 'validation_failed',
      details: [
        { field: 'image_base64', message: 'is required when url is not sent' },
        { field: 'url', message: 'is required when image is not sent' },
      ],
    });
  });

  it('says each thing once in the text of a refusal', async () => {
    const result = await callTool(client, 'get_stats', {
      site_id: a.siteId,
      period: 'last_month',
      from: '2026-10-01',
    });
    expect(result.structuredContent).toMatchObject({ error: 'conflicting_parameters' });
    const sentences = texts(result)[0].split(/(?<=\.) /);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('answers a body that is not JSON with a JSON-RPC parse error, after the credential check', async () => {
    const post = () =>
      request(t.http)
        .post('/mcp')
        .set('Content-Type', 'application/json')
        .set('Accept', 'application/json, text/event-stream')
        .send('{"jsonrpc": "2.0", "id": 1, "method": ');
    const res = await post().set('Authorization', `Bearer ${a.owner.key}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      id: null,
    });
    expect((await post()).status).toBe(401);
  });

  it('accepts the key in X-API-Key too', async () => {
    const viaHeader = await hostedClient(baseUrl, { 'X-API-Key': a.owner.key });
    const result = await callTool(viaHeader, 'list_sites');
    expect((result.structuredContent as { meta: { total: number } }).meta.total).toBe(2);
    await viaHeader.close();
  });

  it('refuses a request without credential with 401 and a Bearer challenge, before anything else', async () => {
    const res = await request(t.http)
      .post('/mcp')
      .set('Content-Type', 'application/json')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.body.error).toBe('missing_credentials');
    const wrong = await request(t.http)
      .get('/mcp')
      .set('Authorization', `Bearer cbr_${'x'.repeat(40)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_credentials');
  });

  it('gives a plan without API access nothing, not even the tool list', async () => {
    const starter = await seedAccount(t.db, { plan: 'starter' });
    await expect(hostedClient(baseUrl, { Authorization: `Bearer ${starter.key}` })).rejects.toThrow(
      /plan_not_eligible/,
    );
  });

  it('refuses a Host that is neither the public host nor loopback (DNS rebinding)', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'e2e', version: '1' },
      },
    };
    const post = (host: string) =>
      request(t.http)
        .post('/mcp')
        .set('Host', host)
        .set('Authorization', `Bearer ${a.owner.key}`)
        .set('Accept', 'application/json, text/event-stream')
        .send(initialize);
    const evil = await post('evil.example');
    expect(evil.status).toBe(403);
    expect(evil.body.error.message).toContain('evil.example');
    const own = await post('api.test');
    expect(own.status).toBe(200);
    expect(own.body.result.serverInfo.name).toBe('content-api');
    // Stateless: nothing ties the next request to this replica.
    expect(own.headers['mcp-session-id']).toBeUndefined();
  });

  it('answers only POST: GET (no event stream) and DELETE (no session) are 405', async () => {
    const res = await request(t.http).get('/mcp').set('Authorization', `Bearer ${a.owner.key}`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    const del = await request(t.http).delete('/mcp').set('X-API-Key', a.owner.key);
    expect(del.status).toBe(405);
  });

  it('lets a read-only key read but not edit', async () => {
    const readOnly = await seedKey(t.db, a.owner.accountId, { scopes: ['read'] });
    const reader = await hostedClient(baseUrl, { Authorization: `Bearer ${readOnly.key}` });
    expect(
      (await callTool(reader, 'get_article', { article_id: a.articleId })).isError,
    ).toBeUndefined();
    const edit = await callTool(reader, 'update_article', {
      article_id: a.articleId,
      body: '<p>x</p>',
    });
    expect(edit.isError).toBe(true);
    expect(edit.structuredContent).toMatchObject({ error: 'insufficient_scope' });
    await reader.close();
  });
});

describe('edits through the hosted agent server', () => {
  let t: TestApp;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    a = await seedReportingAccounts(t.db);
    client = await hostedClient(await listen(t), { Authorization: `Bearer ${a.owner.key}` });
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('update_article saves the edit as the endpoint does, as a revision with origin mcp', async () => {
    const body = PROTECTED_BODY.replace('Start with', 'Begin with');
    const result = await callTool(client, 'update_article', {
      article_id: a.articleId,
      title: 'Bleeding a radiator',
      body,
      reason: 'Friendlier opening',
    });
    expect(result.isError).toBeUndefined();
    const direct = await request(t.http)
      .get(`/api/v1/articles/${a.articleId}`)
      .set('X-API-Key', a.owner.key);
    expect(result.structuredContent).toEqual(direct.body);
    expect(direct.body.data).toMatchObject({ title: 'Bleeding a radiator', body });
    expect(await latestRevision(t.db, a.articleId)).toMatchObject({
      origin: 'mcp',
      reason: 'Friendlier opening',
      key_id: a.owner.keyId,
    });
  });

  it('refuses an edit that drops a protected link, as a tool error listing it; nothing changes', async () => {
    const before = await articleState(t.db, a.articleId);
    const result = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: '<p>All links gone.</p>',
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: 'protected_links_modified',
      protected_links: expect.arrayContaining([
        { type: 'backlink', href: 'https://partner.example/', text: 'trusted partner' },
      ]),
    });
    expect(texts(result)[0]).toContain('backlink "trusted partner" → https://partner.example/');
    expect(await articleState(t.db, a.articleId)).toEqual(before);
  });

  it('answers an edit of another account’s article as not found; nothing changes', async () => {
    const before = await articleState(t.db, a.otherArticleId);
    const result = await callTool(client, 'update_article', {
      article_id: a.otherArticleId,
      body: PROTECTED_BODY,
      title: 'Mine now',
    });
    expect(result.structuredContent).toMatchObject({ error: 'article_not_found' });
    expect(await articleState(t.db, a.otherArticleId)).toEqual(before);
  });

  it('gives get_article’s ETag in _meta.etag, for code to read, and the new one after an edit', async () => {
    const read = await callTool(client, 'get_article', { article_id: a.articleId });
    const direct = await request(t.http)
      .get(`/api/v1/articles/${a.articleId}`)
      .set('X-API-Key', a.owner.key);
    expect(read._meta).toEqual({ etag: direct.headers.etag });
    expect(read.structuredContent).toEqual(direct.body);
    expect(texts(read)[0]).toContain(`ETag ${direct.headers.etag}`);
    const edited = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: PROTECTED_BODY.replace('then read', 'then study'),
    });
    const after = await request(t.http)
      .get(`/api/v1/articles/${a.articleId}`)
      .set('X-API-Key', a.owner.key);
    expect(edited._meta).toEqual({ etag: after.headers.etag });
  });

  it.each([
    ['as reported', (etag: string) => etag],
    ['without its quotes', (etag: string) => etag.slice(1, -1)],
  ])('takes if_match %s, and refuses a stale one', async (_how, form) => {
    const read = await callTool(client, 'get_article', { article_id: a.articleId });
    const etag = (read._meta as { etag: string }).etag;
    const first = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: PROTECTED_BODY.replace('Start with', `Start (${_how}) with`),
      if_match: form(etag),
    });
    expect(first.isError).toBeUndefined();
    const stale = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: PROTECTED_BODY.replace('then read', 'and then read'),
      if_match: form(etag),
    });
    expect(stale.structuredContent).toMatchObject({ error: 'precondition_failed' });
  });

  it('refuses a weak if_match with the API’s explanation', async () => {
    const read = await callTool(client, 'get_article', { article_id: a.articleId });
    const result = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: PROTECTED_BODY,
      if_match: `W/${(read._meta as { etag: string }).etag}`,
    });
    expect(result.structuredContent).toMatchObject({
      error: 'invalid_parameter',
      message: expect.stringMatching(/^Invalid parameter if_match: /),
      details: [{ field: 'if_match', message: expect.stringContaining('strong comparison') }],
    });
  });

  it('replace_featured_image takes a url, or the image itself in base64', async () => {
    const byUrl = await callTool(client, 'replace_featured_image', {
      article_id: a.articleId,
      url: 'https://cdn.example/radiator.jpg',
    });
    expect(byUrl.structuredContent).toMatchObject({
      data: { id: a.articleId, featured_image_url: 'https://cdn.example/radiator.jpg' },
    });
    // Idempotent, as its annotation says: the same image again changes nothing.
    const revisions = (await articleState(t.db, a.articleId)).revisions;
    await callTool(client, 'replace_featured_image', {
      article_id: a.articleId,
      url: 'https://cdn.example/radiator.jpg',
    });
    expect((await articleState(t.db, a.articleId)).revisions).toBe(revisions);
    const image = pngImage(7);
    const byImage = await callTool(client, 'replace_featured_image', {
      article_id: a.articleId,
      image_base64: image.toString('base64'),
      file_name: 'radiator.png',
      reason: 'Own photo',
    });
    expect(byImage.isError).toBeUndefined();
    const url = (byImage.structuredContent as { data: { featured_image_url: string } }).data
      .featured_image_url;
    const served = await request(t.http).get(new URL(url).pathname);
    expect(Buffer.from(served.body as Buffer)).toEqual(image);
    expect(await latestRevision(t.db, a.articleId)).toMatchObject({
      origin: 'mcp',
      reason: 'Own photo',
      featured_image_url: url,
    });
    const neither = await callTool(client, 'replace_featured_image', { article_id: a.articleId });
    expect(neither.structuredContent).toMatchObject({ error: 'validation_failed' });
  });
});

describe('limits and the learning log, shared with the API', () => {
  let t: TestApp;
  let baseUrl: string;
  let a: ReportingAccounts;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', EDIT_LIMIT_PER_DAY: '1' });
    a = await seedReportingAccounts(t.db);
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  it('counts tool calls and API calls of one key on one counter, and protocol messages on neither', async () => {
    const { key } = await seedKey(t.db, a.owner.accountId);
    // initialize, notifications/initialized and three tools/list: not counted.
    const client = await hostedClient(baseUrl, { Authorization: `Bearer ${key}` });
    for (let i = 0; i < 3; i++) await client.listTools();
    const api = await request(t.http).get('/api/v1/sites').set('X-API-Key', key);
    expect(api.headers['x-ratelimit-remaining']).toBe('4');
    for (let i = 0; i < 4; i++) {
      expect((await callTool(client, 'list_sites')).isError).toBeUndefined();
    }
    const limited = await callTool(client, 'list_sites');
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent).toMatchObject({ error: 'rate_limited', limit: 5 });
    expect(texts(limited)[0]).toMatch(/Wait \d+ seconds, then retry/);
    expect((await request(t.http).get('/api/v1/sites').set('X-API-Key', key)).status).toBe(429);
    await client.close();
  });

  it('bounds the protocol messages of a key at ten times its limit, on a counter of their own', async () => {
    const { key } = await seedKey(t.db, a.owner.accountId);
    const client = await hostedClient(baseUrl, { Authorization: `Bearer ${key}` });
    let listed = 0;
    const exhausted = async () => {
      for (;;) {
        await client.listTools();
        listed++;
      }
    };
    await expect(exhausted()).rejects.toThrow(/rate_limited/);
    // 50 messages: initialize, its notification, the client's (refused) event stream, listings.
    expect(listed).toBeGreaterThanOrEqual(46);
    expect(listed).toBeLessThanOrEqual(48);
    const api = await request(t.http).get('/api/v1/sites').set('X-API-Key', key);
    expect([api.status, api.headers['x-ratelimit-remaining']]).toEqual([200, '4']);
    await client.close();
  });

  it('logs a call refused for an unknown argument once, with its error, and does not count it', async () => {
    const { key, keyId } = await seedKey(t.db, a.owner.accountId);
    const client = await hostedClient(baseUrl, { Authorization: `Bearer ${key}` });
    const refused = await callTool(client, 'list_sites', { bogus: 1 });
    expect(refused.structuredContent).toMatchObject({ error: 'invalid_parameter' });
    await client.close();
    const api = await request(t.http).get('/api/v1/sites').set('X-API-Key', key);
    expect(api.headers['x-ratelimit-remaining']).toBe('4');
    const rows = await loggedCalls(t, keyId);
    expect(rows.filter((row) => row.operation === 'list_sites')).toEqual([
      { channel: 'mcp', operation: 'list_sites', status: 200, error: 'invalid_parameter' },
    ]);
  });

  it('refuses the edit past the daily limit as a tool error with the limit', async () => {
    const { key } = await seedKey(t.db, a.owner.accountId);
    const client = await hostedClient(baseUrl, { Authorization: `Bearer ${key}` });
    const edit = (title: string) =>
      callTool(client, 'update_article', { article_id: a.articleId, title, body: PROTECTED_BODY });
    expect((await edit('First edit')).isError).toBeUndefined();
    const refused = await edit('Second edit');
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'edit_limit_exceeded', limit: 1 });
    expect(texts(refused)[0]).toContain('after midnight UTC');
    await client.close();
  });

  it('logs a GET or DELETE of /mcp as a call to the endpoint with its 405, not to an unknown path', async () => {
    const { key, keyId } = await seedKey(t.db, a.owner.accountId);
    await request(t.http).get('/mcp').set('Authorization', `Bearer ${key}`).expect(405);
    await request(t.http).delete('/mcp').set('X-API-Key', key).expect(405);
    await t.app.get(LearningLogWriter).flush();
    const rows = await t.db.query(
      `SELECT channel, operation, method, path, status FROM learning_log
        WHERE key_id = $1 ORDER BY occurred_at, id`,
      [keyId],
    );
    expect(rows).toEqual([
      { channel: 'mcp', operation: 'mcp', method: 'GET', path: '/mcp', status: 405 },
      { channel: 'mcp', operation: 'mcp', method: 'DELETE', path: '/mcp', status: 405 },
    ]);
  });

  it('records every tool call once, with channel mcp and the tool name', async () => {
    const { key, keyId } = await seedKey(t.db, a.owner.accountId);
    const client = await hostedClient(baseUrl, { Authorization: `Bearer ${key}` });
    await client.listTools();
    await callTool(client, 'list_sites');
    await callTool(client, 'get_article', { article_id: a.otherArticleId });
    await callTool(client, 'update_article', { article_id: a.articleId, body: '<p>gone</p>' });
    await client.close();
    const rows = await loggedCalls(t, keyId);
    expect(rows.every((row) => row.channel === 'mcp')).toBe(true);
    const tools = [...READ_TOOLS, ...WRITE_TOOLS];
    expect(rows.filter((row) => tools.includes(row.operation))).toEqual([
      { channel: 'mcp', operation: 'list_sites', status: 200, error: null },
      { channel: 'mcp', operation: 'get_article', status: 404, error: 'article_not_found' },
      {
        channel: 'mcp',
        operation: 'update_article',
        status: 422,
        error: 'protected_links_modified',
      },
    ]);
    // The protocol messages, each once; the client's GET for an event stream was
    // refused, and is logged as a call to the endpoint, not to an unknown path.
    const protocol = rows.filter((row) => !tools.includes(row.operation));
    expect(protocol.map((row) => `${row.operation} ${row.status}`).sort()).toEqual([
      'initialize 200',
      'mcp 405',
      'notifications/initialized 202',
      'tools/list 200',
    ]);
  });
});
