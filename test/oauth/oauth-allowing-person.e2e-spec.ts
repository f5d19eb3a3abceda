import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { runCli } from '../../src/cli/main.js';
import { freePort } from '../../src/common/net/free-port.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, type RunningApp } from '../../src/create-app.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import {
  CookieBrowser,
  TestAssistant,
  clientMetadata,
  csrfOf,
  postToMcp,
} from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A connection is only as alive as the person who allowed it: disabling them
 * (from the command line or the People page) or removing them ends every
 * connection they allowed — its tokens refused on every replica within 10
 * seconds, its refresh token refused at once, no longer listed as connected —
 * and enabling them again does not bring it back.
 */
describe('a connection and the person who allowed it', () => {
  let t: TestApp;
  let replica: RunningApp;
  let replicaHttp: App;
  let base: string;
  let mcpUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    const env = { PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' };
    t = await createTestApp(env);
    await t.app.listen(port, '127.0.0.1');
    // Another replica of the service on the same database, with its own caches.
    replica = await createApp(
      loadConfig({
        ...env,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
        LOG_LEVEL: 'silent',
        MIGRATE_ON_START: 'false',
        SEED_DEMO: 'false',
      }),
    );
    replicaHttp = replica.app.getHttpServer();
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  async function connect(who: SeededUser, name: string) {
    const assistant = new TestAssistant(clientMetadata(name));
    const browser = new CookieBrowser(base);
    await browser.signIn(who.email, who.password);
    const { response } = await browser.follow(await browser.get(await assistant.start(mcpUrl)));
    const page = await response.text();
    const action = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(page)![1];
    const { location } = await browser.follow(await browser.post(action, { _csrf: csrfOf(page) }));
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    const clientId = assistant.clientInformation()!.client_id;
    const [{ id }] = await t.db.query<Array<{ id: number }>>(
      `SELECT id FROM oauth_connections WHERE client_id = $1`,
      [clientId],
    );
    return { connectionId: id, clientId, tokens };
  }

  const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

  /** The status each replica answers a call with this access token. */
  async function statuses(accessToken: string): Promise<[number, number]> {
    const here = (await postToMcp(mcpUrl, accessToken, LIST_TOOLS)).status;
    const there = (
      await request(replicaHttp)
        .post('/mcp')
        .set('Authorization', `Bearer ${accessToken}`)
        .set('Accept', 'application/json, text/event-stream')
        .set('MCP-Protocol-Version', '2025-06-18')
        .send(LIST_TOOLS)
    ).status;
    return [here, there];
  }

  /** What both replicas answer once the contract's 10 seconds have had their chance. */
  async function settledStatuses(accessToken: string): Promise<[number, number]> {
    const deadline = Date.now() + 10_000;
    let seen = await statuses(accessToken);
    while (seen.some((status) => status !== 401) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await statuses(accessToken);
    }
    return seen;
  }

  function refresh(clientId: string, refreshToken: string) {
    return fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
      }).toString(),
    });
  }

  async function endedAt(connectionId: number): Promise<Date | null> {
    const [row] = await t.db.query<Array<{ revoked_at: Date | null }>>(
      `SELECT revoked_at FROM oauth_connections WHERE id = $1`,
      [connectionId],
    );
    return row.revoked_at;
  }

  async function cli(argv: string[]): Promise<number> {
    return runCli(argv, {
      env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: base },
      stdout: () => undefined,
      stderr: () => undefined,
      stdin: () => Promise.resolve(''),
    });
  }

  it('ends every connection a person allowed when `users disable` runs, and `users enable` does not revive them', async () => {
    const { accountId } = await seedAccount(t.db);
    const owner = await seedUser(t.db, accountId, { role: 'owner' });
    const member = await seedUser(t.db, accountId, { role: 'member' });
    const first = await connect(member, 'First Assistant');
    const second = await connect(member, 'Second Assistant');
    const others = await connect(owner, 'Owner Assistant');
    // Both replicas have seen the tokens, so their caches hold them as good.
    expect(await statuses(first.tokens.access_token)).toEqual([200, 200]);
    expect(await statuses(second.tokens.access_token)).toEqual([200, 200]);

    expect(await cli(['users', 'disable', String(member.userId)])).toBe(0);

    expect(await settledStatuses(first.tokens.access_token)).toEqual([401, 401]);
    expect(await settledStatuses(second.tokens.access_token)).toEqual([401, 401]);
    const refused = await refresh(first.clientId, first.tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await endedAt(first.connectionId)).not.toBeNull();
    expect(await endedAt(second.connectionId)).not.toBeNull();
    // The owner's own assistant is not the member's to end.
    expect(await endedAt(others.connectionId)).toBeNull();
    expect(await statuses(others.tokens.access_token)).toEqual([200, 200]);

    const console = new CookieBrowser(base);
    await console.signIn(owner.email, owner.password);
    const listed = await (await console.get('/console/connection')).text();
    expect(listed).not.toContain(`id="assistant-${first.connectionId}"`);
    expect(listed).not.toContain(`id="assistant-${second.connectionId}"`);
    expect(listed).toContain(`id="assistant-${others.connectionId}"`);

    expect(await cli(['users', 'enable', String(member.userId)])).toBe(0);
    expect(await statuses(first.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(second.clientId, second.tokens.refresh_token!)).status).toBe(400);
    const after = await (await console.get('/console/connection')).text();
    expect(after).not.toContain(`id="assistant-${first.connectionId}"`);
  });

  it('ends them when an owner disables the person on the People page', async () => {
    const { accountId } = await seedAccount(t.db);
    const owner = await seedUser(t.db, accountId, { role: 'owner' });
    const member = await seedUser(t.db, accountId, { role: 'member' });
    const connection = await connect(member, 'People Page Assistant');
    expect(await statuses(connection.tokens.access_token)).toEqual([200, 200]);

    const console = new CookieBrowser(base);
    await console.signIn(owner.email, owner.password);
    const confirm = await (await console.get(`/console/people/${member.userId}/disable`)).text();
    expect(confirm).toContain('assistants');
    const disabled = await console.post(`/console/people/${member.userId}/disable`, {
      _csrf: csrfOf(confirm),
    });
    expect(disabled.status).toBe(303);
    const people = await (await console.get('/console/people')).text();
    expect(people).toContain('assistants they allowed are disconnected');

    expect(await settledStatuses(connection.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(connection.clientId, connection.tokens.refresh_token!)).status).toBe(400);
    expect(await endedAt(connection.connectionId)).not.toBeNull();
    expect(await (await console.get('/console/connection')).text()).not.toContain(
      `id="assistant-${connection.connectionId}"`,
    );
  });

  it("checks the person's status on every token use and every refresh, whatever changed it", async () => {
    const { accountId } = await seedAccount(t.db);
    const member = await seedUser(t.db, accountId, { role: 'member' });
    const connection = await connect(member, 'Checked Assistant');
    expect(await statuses(connection.tokens.access_token)).toEqual([200, 200]);
    // Changed behind the service's back: no connection is ended, yet nothing it holds works.
    await t.db.query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [member.userId]);
    expect(await settledStatuses(connection.tokens.access_token)).toEqual([401, 401]);
    const refused = await refresh(connection.clientId, connection.tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the tokens of a connection whose person was removed', async () => {
    const { accountId } = await seedAccount(t.db);
    const member = await seedUser(t.db, accountId, { role: 'member' });
    const connection = await connect(member, 'Orphaned Assistant');
    expect(await statuses(connection.tokens.access_token)).toEqual([200, 200]);
    await t.db.query(`DELETE FROM users WHERE id = $1`, [member.userId]);
    expect(await settledStatuses(connection.tokens.access_token)).toEqual([401, 401]);
    expect((await refresh(connection.clientId, connection.tokens.refresh_token!)).status).toBe(400);
  });
});
