import type { Browser, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '../../src/common/net/free-port.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConnectionUsageRecorder } from '../../src/oauth/connection-usage.recorder.js';
import {
  describeInBrowser,
  launchChromium,
  screenshot,
  screenshotDir,
  watchForScript,
} from '../support/browser.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededUser,
} from '../support/fixtures.js';
import { PROTECTED_BODY } from '../support/mcp-fixtures.js';
import {
  MetadataDocumentHost,
  REDIRECT_URL,
  TestAssistant,
  clientMetadata,
} from '../support/oauth-client.js';
import { callTool } from '../support/mcp-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * An assistant that is given only {mcp_url}: the MCP SDK's own OAuth client
 * discovers the server, registers (by client metadata document, or
 * dynamically), and the person signs in and clicks Allow in Chromium. The
 * assistant then calls every tool, refreshes its tokens, and is disconnected
 * from the console.
 */
describeInBrowser('an assistant connecting by URL (SDK client, Chromium)', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;
  let browser: Browser;
  let user: SeededUser;
  let siteId: number;
  let articleId: number;
  let shots: string;
  const documents = new MetadataDocumentHost();

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({
      PUBLIC_BASE_URL: base,
      OAUTH_ALLOW_INSECURE_METADATA_URLS: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await t.app.listen(port, '127.0.0.1');
    const { accountId } = await seedAccount(t.db, { name: 'Acme Agency' });
    user = await seedUser(t.db, accountId, { name: 'Olga Owner', email: 'olga@acme.example' });
    siteId = await seedSite(t.db, accountId, { name: 'Acme Plumbing' });
    articleId = await seedArticle(t.db, siteId, { title: 'Radiators', body: PROTECTED_BODY });
    browser = await launchChromium();
    shots = screenshotDir();
  });
  afterAll(async () => {
    await browser?.close();
    await documents.stop();
    await t?.close();
  });

  /** The person's part: sign in when asked, then Allow or Deny; returns where they were sent back to. */
  async function personAnswers(
    authorizationUrl: URL,
    button: 'Allow' | 'Deny',
    shot?: string,
  ): Promise<URL> {
    const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
    const page: Page = await context.newPage();
    const { incidents } = watchForScript(page);
    let sentBack: URL | undefined;
    await page.route(`${REDIRECT_URL}**`, async (route) => {
      sentBack = new URL(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/plain',
        body: 'You can close this tab.',
      });
    });
    await page.goto(authorizationUrl.href);
    expect(page.url()).toMatch(`${base}/console/sign-in?return_to=%2Fconsole%2Fauthorize%2F`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`^${base}/console/authorize/`));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /^Allow .+ to use your account\?$/,
    );
    if (shot) await screenshot(page, shots, shot);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL(`${REDIRECT_URL}**`);
    await context.close();
    expect(incidents).toEqual([]);
    if (sentBack === undefined) throw new Error('The browser was not sent back to the assistant');
    return sentBack;
  }

  async function connectedClient(assistant: TestAssistant): Promise<Client> {
    const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: assistant }),
    );
    return client;
  }

  it('registers by client metadata document, is allowed, calls every tool, refreshes and is disconnected', async () => {
    const documentsBase = await documents.start();
    const clientId = `${documentsBase}/assistants/test-assistant.json`;
    documents.serve('/assistants/test-assistant.json', {
      client_id: clientId,
      ...clientMetadata('Test Assistant'),
    });
    const assistant = new TestAssistant(clientMetadata('Test Assistant'), clientId);

    const authorizationUrl = await assistant.start(mcpUrl);
    expect(authorizationUrl.searchParams.get('client_id')).toBe(clientId);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const sentBack = await personAnswers(authorizationUrl, 'Allow', 'consent');
    expect(sentBack.searchParams.get('iss')).toBe(base);
    expect(sentBack.searchParams.get('state')).toBe(assistant.lastState);
    await assistant.finish(mcpUrl, sentBack.searchParams.get('code')!);

    const client = await connectedClient(assistant);
    const tools = await client.listTools();
    expect(tools.tools).toHaveLength(9);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['list_sites', {}],
      ['list_articles', { site_id: siteId }],
      ['get_article', { article_id: articleId }],
      ['list_backlinks', { site_id: siteId }],
      ['get_stats', { site_id: siteId, period: '2026-10' }],
      [
        'update_article',
        { article_id: articleId, title: 'Bleeding radiators', body: PROTECTED_BODY },
      ],
      [
        'replace_featured_image',
        { article_id: articleId, url: 'https://cdn.acme.example/radiator.png' },
      ],
    ];
    for (const [name, args] of calls) {
      const result = await callTool(client, name, args);
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
    }
    await client.close();

    const [connection] = await t.db.query(
      `SELECT id, client_id, assistant_name, scopes FROM oauth_connections WHERE client_id = $1`,
      [clientId],
    );
    expect(connection).toMatchObject({
      assistant_name: 'Test Assistant',
      scopes: ['read', 'write'],
    });
    await t.app.get(LearningLogWriter).flush();
    const logged = await t.db.query(
      `SELECT DISTINCT operation FROM learning_log WHERE connection_id = $1 AND channel = 'mcp' AND key_id IS NULL`,
      [connection.id],
    );
    expect(logged.map((row: { operation: string }) => row.operation)).toEqual(
      expect.arrayContaining(calls.map(([name]) => name)),
    );

    const refreshed = await assistant.refresh(mcpUrl);
    const afterRefresh = await connectedClient(assistant);
    expect((await callTool(afterRefresh, 'list_sites')).isError ?? false).toBe(false);
    await afterRefresh.close();

    // The owner disconnects it in the console.
    const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
    const page = await context.newPage();
    await page.goto(`${base}/console/sign-in?return_to=%2Fconsole%2Fconnection`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/console/connection`);
    const row = page.locator(`#assistant-${connection.id}`);
    await expect(row.textContent()).resolves.toContain('Test Assistant');
    await expect(row.textContent()).resolves.toContain('127.0.0.1');
    await t.app.get(ConnectionUsageRecorder).flush();
    await page.reload();
    await page.goto(`${base}/console/connection#assistants`);
    await expect(row.locator('td').nth(5).textContent()).resolves.not.toBe('Never');
    await screenshot(page, shots, 'connected-assistants');
    await Promise.all([
      page.waitForNavigation(),
      row.getByRole('link', { name: 'Disconnect' }).click(),
    ]);
    await expect(page.locator('h1').textContent()).resolves.toContain('Disconnect');
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: 'Disconnect assistant' }).click(),
    ]);
    expect([page.url(), await page.locator('h1').textContent()]).toEqual([
      `${base}/console/connection`,
      'Connection',
    ]);
    await expect(page.locator('.notice').first().textContent()).resolves.toContain('disconnected');
    await context.close();

    // Within 10 seconds every replica refuses its token; the refresh token is gone at once.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (
        await fetch(mcpUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${refreshed.access_token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        })
      ).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(401);
    const refresh = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshed.refresh_token!,
        client_id: clientId,
      }).toString(),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('registers dynamically when the client gives no metadata document, and Deny sends access_denied back', async () => {
    const assistant = new TestAssistant(clientMetadata('Older Assistant'));
    const authorizationUrl = await assistant.start(mcpUrl);
    expect(assistant.clientInformation()?.client_id).toBeTruthy();
    const sentBack = await personAnswers(authorizationUrl, 'Deny');
    expect(sentBack.searchParams.get('error')).toBe('access_denied');
    expect(sentBack.searchParams.get('state')).toBe(assistant.lastState);
    expect(sentBack.searchParams.get('iss')).toBe(base);
    expect(sentBack.searchParams.has('code')).toBe(false);

    const allowed = await personAnswers(await assistant.start(mcpUrl), 'Allow');
    await assistant.finish(mcpUrl, allowed.searchParams.get('code')!);
    const client = await connectedClient(assistant);
    expect((await callTool(client, 'list_sites')).isError ?? false).toBe(false);
    await client.close();
  });
});
