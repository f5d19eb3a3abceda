import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { demoBanner } from '../../src/demo/demo-banner.js';
import { DemoService } from '../../src/demo/demo.service.js';
import { ConsoleClient } from '../support/console-client.js';
import { createTestApp, TestApp } from '../support/test-app.js';

describe('demo account at server start (SEED_DEMO)', () => {
  let t: TestApp;
  let demo: DemoService;
  const dataDir = mkdtempSync(join(tmpdir(), 'content-api-demo-'));

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    demo = t.app.get(DemoService);
  });
  afterAll(() => t.close());

  it('seeds the demo account on first start and prints a key that works', async () => {
    const access = await demo.startupAccess();
    const res = await request(t.http)
      .get('/api/v1/sites')
      .set('Authorization', `Bearer ${access.key}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((site: { name: string }) => site.name)).toEqual([
      'Harbour Plumbing & Heating',
      'Summit Trail Outfitters',
      'Bright Smile Dental Studio',
    ]);
    expect(demoBanner(access, 'http://api.test')).toContain(
      `curl -H "Authorization: Bearer ${access.key}" http://api.test/api/v1/sites`,
    );
    expect(demoBanner(access, 'http://api.test')).toContain(
      `Console: http://api.test/console\n  sign in as demo@example.com with password ${access.password}`,
    );
  });

  it('prints a demo user password that signs in to the console, and keeps it while it works', async () => {
    const access = await demo.startupAccess();
    const browser = new ConsoleClient(t.http, 'http://api.test');
    expect((await browser.signIn(access.email, access.password)).status).toBe(303);
    expect((await browser.get('/console')).text).toContain('<h1>Demo Agency</h1>');
    expect((await demo.startupAccess()).password).toBe(access.password);
    rmSync(join(dataDir, 'demo-password'));
    const renewed = await demo.startupAccess();
    expect(renewed.password).not.toBe(access.password);
    expect(
      (await new ConsoleClient(t.http, 'http://api.test').signIn(renewed.email, renewed.password))
        .status,
    ).toBe(303);
  });

  it('prints the same key on later starts, without seeding again or adding keys', async () => {
    const first = await demo.startupAccess();
    const again = await demo.startupAccess();
    expect(again).toEqual(first);
    const [counts] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM accounts WHERE name = 'Demo Agency') AS accounts,
              (SELECT count(*)::int FROM sites WHERE account_id = $1) AS sites,
              (SELECT count(*)::int FROM api_keys WHERE account_id = $1) AS keys`,
      [first.account_id],
    );
    expect(counts).toEqual({ accounts: 1, sites: 3, keys: 1 });
  });

  it('makes a new key when the saved one was revoked or lost', async () => {
    const saved = await demo.startupAccess();
    await t.db.query('UPDATE api_keys SET revoked_at = now() WHERE account_id = $1', [
      saved.account_id,
    ]);
    const replaced = await demo.startupAccess();
    expect(replaced.account_id).toBe(saved.account_id);
    expect(replaced.key).not.toBe(saved.key);
    rmSync(join(dataDir, 'demo-api-key'));
    const recreated = await demo.startupAccess();
    expect(recreated.key).not.toBe(replaced.key);
    const res = await request(t.http).get('/api/v1/sites').set('X-API-Key', recreated.key);
    expect(res.status).toBe(200);
  });
});
