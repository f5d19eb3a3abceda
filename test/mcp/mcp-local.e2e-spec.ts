import { spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { articleState, latestRevision } from '../support/article-state.js';
import { seedKey } from '../support/fixtures.js';
import {
  assertBuilt,
  callTool,
  CLI_BIN,
  hostedClient,
  listen,
  localClient,
  texts,
} from '../support/mcp-client.js';
import {
  loggedCalls,
  PROTECTED_BODY,
  readCalls,
  seedReportingAccounts,
  type ReportingAccounts,
} from '../support/mcp-fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `content-api mcp` as an assistant starts it, with `input` on stdin, which then closes. */
function runLocal(env: Record<string, string>, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('the local agent server (content-api mcp, stdio)', () => {
  let t: TestApp;
  let baseUrl: string;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    assertBuilt();
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    a = await seedReportingAccounts(t.db);
    baseUrl = await listen(t);
    client = await localClient({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: baseUrl });
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  it('lists the same nine tools as the hosted server, schema for schema', async () => {
    const hosted = await hostedClient(baseUrl, { Authorization: `Bearer ${a.owner.key}` });
    const local = await client.listTools();
    expect(local.tools).toHaveLength(9);
    expect(local.tools).toEqual((await hosted.listTools()).tools);
    await hosted.close();
  });

  it('answers every read tool with exactly the endpoint’s body for the same key', async () => {
    for (const [tool, args, path] of readCalls(a)) {
      const direct = await request(t.http).get(path).set('Authorization', `Bearer ${a.owner.key}`);
      const result = await callTool(client, tool, args);
      expect([tool, result.isError]).toEqual([tool, undefined]);
      expect(result.structuredContent).toEqual(direct.body);
    }
  });

  it('returns the API’s refusals as tool errors: another account’s article, a bad argument', async () => {
    const foreign = await callTool(client, 'get_article', { article_id: a.otherArticleId });
    expect(foreign.isError).toBe(true);
    expect(foreign.structuredContent).toMatchObject({ error: 'article_not_found' });
    const invalid = await callTool(client, 'list_backlinks', { site_id: a.siteId, page: 0 });
    expect(invalid.structuredContent).toMatchObject({ error: 'invalid_parameter' });
    expect(texts(invalid)[0]).toContain('list_backlinks was refused (422 invalid_parameter)');
  });

  it('update_article edits through the deployment’s API, recorded with origin mcp', async () => {
    const body = PROTECTED_BODY.replace('Start with', 'Begin with');
    const result = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body,
      reason: 'From the local server',
    });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ data: { id: a.articleId, body } });
    expect(await latestRevision(t.db, a.articleId)).toMatchObject({
      origin: 'mcp',
      reason: 'From the local server',
      key_id: a.owner.keyId,
    });
  });

  it('refuses an edit that drops a protected link, as a tool error; nothing changes', async () => {
    const before = await articleState(t.db, a.articleId);
    const result = await callTool(client, 'update_article', {
      article_id: a.articleId,
      body: '<p>No links.</p>',
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: 'protected_links_modified',
      protected_links: expect.arrayContaining([
        { type: 'internal', href: 'https://acme.example/guide', text: 'our guide' },
      ]),
    });
    expect(await articleState(t.db, a.articleId)).toEqual(before);
  });

  it('writes nothing but protocol on stdout, and ends when the client closes stdin', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'e2e', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const input = messages.map((message) => `${JSON.stringify(message)}\n`).join('');
    // stdin closes right after the messages: the answers must still come out.
    const run = await runLocal({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: baseUrl }, input);
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    const answers = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number });
    expect(answers.map(({ jsonrpc, id }) => [jsonrpc, id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
    ]);
    expect(run.stderr).toContain('content-api agent server: 9 tools on stdio');
    expect(run.code).toBe(0);
  });

  describe('limits and the learning log, shared with the API of the deployment', () => {
    let limited: TestApp;
    let limitedUrl: string;
    let b: ReportingAccounts;
    const clients: Client[] = [];

    beforeAll(async () => {
      limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', EDIT_LIMIT_PER_DAY: '1' });
      b = await seedReportingAccounts(limited.db);
      limitedUrl = await listen(limited);
    });
    afterAll(async () => {
      for (const local of clients) await local.close();
      await limited.close();
    });

    it('counts its calls with the key’s API calls, and logs each once as channel mcp', async () => {
      const { key, keyId } = await seedKey(limited.db, b.owner.accountId);
      // Its start-up check is one list_sites call.
      const local = await localClient({ SERVICE_API_KEY: key, SERVICE_API_URL: limitedUrl });
      clients.push(local);
      await local.listTools();
      const api = await request(limited.http).get('/api/v1/sites').set('X-API-Key', key);
      expect(api.headers['x-ratelimit-remaining']).toBe('3');
      const edit = (title: string) =>
        callTool(local, 'update_article', { article_id: b.articleId, title, body: PROTECTED_BODY });
      expect((await edit('One edit a day')).isError).toBeUndefined();
      const overEdits = await edit('A second one');
      expect(overEdits.structuredContent).toMatchObject({ error: 'edit_limit_exceeded', limit: 1 });
      expect((await callTool(local, 'list_sites')).isError).toBeUndefined();
      const overRate = await callTool(local, 'get_article', { article_id: b.articleId });
      expect(overRate.structuredContent).toMatchObject({ error: 'rate_limited', limit: 5 });

      expect(await loggedCalls(limited, keyId)).toEqual([
        { channel: 'mcp', operation: 'list_sites', status: 200, error: null },
        { channel: 'api', operation: 'listSites', status: 200, error: null },
        { channel: 'mcp', operation: 'update_article', status: 200, error: null },
        {
          channel: 'mcp',
          operation: 'update_article',
          status: 429,
          error: 'edit_limit_exceeded',
        },
        { channel: 'mcp', operation: 'list_sites', status: 200, error: null },
        { channel: 'mcp', operation: 'get_article', status: 429, error: 'rate_limited' },
      ]);
    });
  });

  describe('with missing or wrong settings: a message on stderr, a non-zero exit, never a hang', () => {
    it.each([
      ['no key', () => ({ SERVICE_API_URL: baseUrl }), /SERVICE_API_KEY is not set/],
      [
        'a malformed key',
        () => ({ SERVICE_API_KEY: 'secret', SERVICE_API_URL: baseUrl }),
        /SERVICE_API_KEY is not a content-api key/,
      ],
      [
        'an unknown key',
        () => ({ SERVICE_API_KEY: `cbr_${'Z'.repeat(40)}`, SERVICE_API_URL: baseUrl }),
        /SERVICE_API_KEY was refused/,
      ],
      ['no address', () => ({ SERVICE_API_KEY: a.owner.key }), /SERVICE_API_URL is not set/],
      [
        'an address with /api/v1',
        () => ({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: `${baseUrl}/api/v1` }),
        /without \/api\/v1/,
      ],
      [
        'an address nothing listens on',
        () => ({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: 'http://127.0.0.1:9' }),
        /SERVICE_API_URL: cannot connect to http:\/\/127\.0\.0\.1:9/,
      ],
      [
        'an address that is not content-api',
        () => ({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: `${baseUrl}/elsewhere` }),
        /does not look like a content-api server/,
      ],
    ])('%s', async (_case, env, message) => {
      const run = await runLocal(env());
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
      expect(run.code).not.toBe(0);
    });
  });
});
