import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { seedAccount, seedKey, seedSite } from '../support/fixtures.js';
import { assertBuilt, hostedClient, listen, localClient } from '../support/mcp-client.js';
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
const ALL_TOOLS = [...READ_TOOLS, 'update_article', 'replace_featured_image'];

/**
 * Read-only mode: a connection whose credential cannot write, or that asks
 * with X-MCP-Readonly (hosted) or SERVICE_READ_ONLY (local), is offered only
 * the tools that change nothing, and a write tool called anyway is refused
 * before it reaches the API.
 */
describe('Read-only agent connections', () => {
  let t: TestApp;
  let baseUrl: string;
  let writeKey: string;
  let writeKeyId: number;
  let readKey: string;
  let readKeyId: number;
  let siteId: number;
  const clients: Client[] = [];

  const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
  const hosted = async (headers: Record<string, string>) => {
    const client = await hostedClient(baseUrl, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const account = await seedAccount(t.db, { name: 'Read only' });
    writeKey = account.key;
    writeKeyId = account.keyId;
    ({ key: readKey, keyId: readKeyId } = await seedKey(t.db, account.accountId, {
      scopes: ['read'],
    }));
    siteId = await seedSite(t.db, account.accountId, { name: 'Readable' });
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t?.close();
  });

  it('offers every tool to a key that can write', async () => {
    expect(await names(await hosted({ Authorization: `Bearer ${writeKey}` }))).toEqual(ALL_TOOLS);
  });

  it('offers only the reads to a read-only key; a write tool called anyway is the API’s 403', async () => {
    const client = await hosted({ Authorization: `Bearer ${readKey}` });
    expect(await names(client)).toEqual(READ_TOOLS);
    const edit = await client.callTool({
      name: 'update_article',
      arguments: { article_id: 1, body: '<p>x</p>' },
    });
    expect(edit.isError).toBe(true);
    expect(edit.structuredContent).toMatchObject({ error: 'insufficient_scope' });
  });

  it('refuses a write tool by name when the client asked with X-MCP-Readonly, before the API', async () => {
    const client = await hosted({ Authorization: `Bearer ${writeKey}`, 'X-MCP-Readonly': 'true' });
    await expect(
      client.callTool({ name: 'update_article', arguments: { article_id: 1, body: '<p>x</p>' } }),
    ).rejects.toThrow(/"update_article" changes data, and this connection asked to be read-only/);
    // The call before this one was the read key's edit: it reached the API and is logged.
    await t.app.get(LearningLogWriter).flush();
    const logged = await t.db.query(
      `SELECT key_id, path, status, error FROM learning_log WHERE operation = 'update_article' ORDER BY key_id`,
    );
    // The write key's call is only its /mcp message: no API request was made for it.
    expect(logged).toEqual([
      { key_id: writeKeyId, path: '/mcp', status: 200, error: null },
      { key_id: readKeyId, path: '/api/v1/articles/1', status: 403, error: 'insufficient_scope' },
    ]);
  });

  it.each(['true', 'TRUE', '1'])(
    'offers only the reads to a write key with X-MCP-Readonly: %s',
    async (value) => {
      const client = await hosted({ Authorization: `Bearer ${writeKey}`, 'X-MCP-Readonly': value });
      expect(await names(client)).toEqual(READ_TOOLS);
      const result = await client.callTool({ name: 'list_sites', arguments: {} });
      expect(JSON.stringify(result.structuredContent)).toContain(`"id":${siteId}`);
    },
  );

  it('ignores X-MCP-Readonly: false', async () => {
    const client = await hosted({ Authorization: `Bearer ${writeKey}`, 'X-MCP-Readonly': 'false' });
    expect(await names(client)).toEqual(ALL_TOOLS);
  });

  it('offers only the reads on stdio with SERVICE_READ_ONLY=true', async () => {
    assertBuilt();
    const client = await localClient({
      SERVICE_API_KEY: writeKey,
      SERVICE_API_URL: baseUrl,
      SERVICE_READ_ONLY: 'true',
    });
    clients.push(client);
    expect(await names(client)).toEqual(READ_TOOLS);
  });
});
