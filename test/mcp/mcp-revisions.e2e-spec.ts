import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { seedKey } from '../support/fixtures.js';
import { hostedClient, listen } from '../support/mcp-client.js';
import {
  loggedCalls,
  readCalls,
  seedReportingAccounts,
  type ReportingAccounts,
} from '../support/mcp-fixtures.js';
import {
  MODERN_REVISION,
  REVISIONS_2025,
  revisionClient,
  type Connection,
} from '../support/mcp-revision-clients.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const REVISIONS = [MODERN_REVISION, ...REVISIONS_2025];

describe.each(['hosted', 'local'] as const)('the %s agent server, by MCP revision', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let a: ReportingAccounts;
  let connection: Connection;
  let tools: unknown[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    a = await seedReportingAccounts(t.db);
    baseUrl = await listen(t);
    connection =
      kind === 'hosted'
        ? { kind, baseUrl, headers: { Authorization: `Bearer ${a.owner.key}` } }
        : { kind, env: { SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: baseUrl } };
    const reference = await hostedClient(baseUrl, { Authorization: `Bearer ${a.owner.key}` });
    tools = (await reference.listTools()).tools;
    await reference.close();
  });
  afterAll(() => t.close());

  it.each(REVISIONS)('serves a client of %s the same tools and results', async (revision) => {
    const client = await revisionClient(revision, connection);
    expect(client.revision).toBe(revision);
    expect((await client.listTools()).tools).toEqual(tools);
    for (const [tool, args, path] of readCalls(a)) {
      const direct = await request(t.http).get(path).set('Authorization', `Bearer ${a.owner.key}`);
      const result = await client.callTool(tool, args);
      expect([tool, result.isError ?? false]).toEqual([tool, false]);
      expect(result.structuredContent).toEqual(direct.body);
    }
    const article = await client.callTool('get_article', { article_id: a.articleId });
    const direct = await request(t.http)
      .get(`/api/v1/articles/${a.articleId}`)
      .set('X-API-Key', a.owner.key);
    expect((article._meta as { etag?: string }).etag).toBe(direct.headers.etag);
    const refused = await client.callTool('list_sites', { bogus: 1 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'invalid_parameter' });
    await client.close();
  });
});

describe('a 2026-07-28 message to /mcp, as it goes over the wire', () => {
  let t: TestApp;
  let a: ReportingAccounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedReportingAccounts(t.db);
  });
  afterAll(() => t.close());

  /**
   * A message of revision 2026-07-28: its `_meta` says the revision, the
   * client and what it can do; headers repeat the revision, the method and
   * (of a tools/call) the tool.
   */
  const post = (key: string, id: number, method: string, params: Record<string, unknown> = {}) =>
    request(t.http)
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream')
      .set('MCP-Protocol-Version', MODERN_REVISION)
      .set('Mcp-Method', method)
      .set(typeof params.name === 'string' ? { 'Mcp-Name': params.name } : {})
      .send({
        jsonrpc: '2.0',
        id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
            'io.modelcontextprotocol/clientInfo': { name: 'raw-e2e', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      });

  it('needs no initialize: each message stands alone and is answered in one JSON body', async () => {
    const { key, keyId } = await seedKey(t.db, a.owner.accountId);
    const discover = await post(key, 1, 'server/discover');
    expect(discover.status).toBe(200);
    expect(discover.headers['content-type']).toMatch(/^application\/json/);
    expect(discover.headers['mcp-session-id']).toBeUndefined();
    expect(discover.body.result.supportedVersions).toContain(MODERN_REVISION);
    const listed = await post(key, 2, 'tools/list');
    expect(listed.body.result.tools).toHaveLength(9);
    const called = await post(key, 3, 'tools/call', { name: 'list_sites', arguments: {} });
    expect(called.headers['content-type']).toMatch(/^application\/json/);
    expect(called.body.result.structuredContent.meta.total).toBe(2);
    // Logged as a 2025 client's messages are: the protocol messages, and the tool call once.
    expect((await loggedCalls(t, keyId)).map((row) => `${row.operation} ${row.status}`)).toEqual([
      'server/discover 200',
      'tools/list 200',
      'list_sites 200',
    ]);
  });

  it('takes a message past the SDK’s default 4 MiB bound: an image in base64 reaches the API', async () => {
    const { key } = await seedKey(t.db, a.owner.accountId);
    const notAnImage = randomBytes(6 * 1024 * 1024).toString('base64');
    const res = await post(key, 1, 'tools/call', {
      name: 'replace_featured_image',
      arguments: { article_id: a.articleId, image_base64: notAnImage, file_name: 'x.png' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBe(true);
    // The API's own judgement of the bytes: the whole message got through.
    expect(res.body.result.structuredContent.error).toBe('unsupported_image_type');
  });

  it('refuses a message whose header and envelope name different revisions', async () => {
    const { key } = await seedKey(t.db, a.owner.accountId);
    const res = await post(key, 1, 'tools/list').set('MCP-Protocol-Version', '2025-11-25');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/2025-11-25/);
  });
});
