import { randomUUID } from 'node:crypto';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, type RunningApp } from '../../src/create-app.js';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import { asCsv, parseCsv } from './csv.js';
import { generateSiteData } from './report-data.js';

/** Waits for `check` to hold, polling; fails with `what` if it does not within 20 s. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

/**
 * An export that is started and then not read: the server writes until the
 * connection's buffers are full and waits, its query open, until the client
 * reads on or goes away.
 */
function stalledExport(
  port: number,
  path: string,
  key: string,
): Promise<{ res: IncomingMessage; req: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${key}` } },
      (res) => {
        res.pause();
        resolve({ res, req });
      },
    );
    req.on('error', reject);
  });
}

describe('CSV exports of the lists: every matching row, streamed', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;
  let bigSiteId: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId, { name: 'Quoted, "Site"\nwith a line' });
    await generateSiteData(t.db, siteId, 5, { articles: 260, backlinks: 640, revisions: 0 });
    for (let i = 0; i < 4; i++) await seedSite(t.db, owner.accountId, { name: `Site ${i}` });
    bigSiteId = await seedSite(t.db, owner.accountId, { name: 'Big' });
    // Enough that a client that does not read keeps the export waiting (tens of MB of CSV).
    await t.db.query(
      `INSERT INTO backlinks (site_id, acquired_at, source_domain, source_url, target_url, anchor_text,
                              anchor_type, status, category)
       SELECT $1, timestamptz '2024-01-01' + n * interval '1 minute', 'source-' || n % 500 || '.example',
              'https://source-' || n % 500 || '.example/a/long/path/to/the/post/' || n,
              'https://big.example/services/', 'anchor text number ' || n, 'branded', 'live', 'industry'
         FROM generate_series(1, 150000) n`,
      [bigSiteId],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, key = owner.key) =>
    request(t.http).get(path).set('Authorization', `Bearer ${key}`);

  /** Every item of a list, page by page through the JSON. */
  async function allItems(
    path: string,
  ): Promise<Array<Record<string, string | number | boolean | null>>> {
    const items = [];
    for (let page = 1; ; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const res = await get(`${path}${separator}per_page=100&page=${page}`).expect(200);
      items.push(...res.body.data);
      if (page >= res.body.meta.last_page) return items;
    }
  }

  it.each([
    ['/api/v1/sites', 'sites.csv'],
    ['/api/v1/sites/{site}/articles', 'site-{site}-articles.csv'],
    ['/api/v1/sites/{site}/articles?from=2024-02-01&to=2024-02-29&status=published', null],
    ['/api/v1/sites/{site}/articles?to=2023-06-30', null],
    ['/api/v1/sites/{site}/backlinks', 'site-{site}-backlinks.csv'],
    ['/api/v1/sites/{site}/backlinks?from=2024-02-29&to=2024-03-01', null],
  ])(
    '%s: the rows of every JSON page, in order, the JSON item’s fields as columns',
    async (template, filename) => {
      const path = template.replace('{site}', String(siteId));
      const items = await allItems(path);
      expect(items.length).toBeGreaterThan(4);
      const separator = path.includes('?') ? '&' : '?';
      const res = await get(`${path}${separator}format=csv`).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      if (filename) {
        const name = filename.replace('{site}', String(siteId));
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="${name}"; filename*=UTF-8''${name}`,
        );
      }
      expect(res.headers.link).toBeUndefined();
      const [header, ...rows] = parseCsv(res.text);
      expect(header).toEqual(Object.keys(items[0]));
      expect(rows).toEqual(items.map(asCsv));
      const byAccept = await get(path).set('Accept', 'text/csv').expect(200);
      expect(byAccept.text).toBe(res.text);
    },
  );

  it('keeps JSON for any other Accept, and format=json wins over Accept: text/csv', async () => {
    const html = await get('/api/v1/sites').set('Accept', 'text/html').expect(200);
    expect(html.body.meta.total).toBe(6);
    const json = await get('/api/v1/sites?format=json').set('Accept', 'text/csv').expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['/api/v1/sites?format=csv&page=1'],
    ['/api/v1/sites?format=csv&per_page=100'],
    ['/api/v1/sites/{site}/backlinks?page=2&format=csv'],
  ])('refuses paging on an export: %s is 422 conflicting_parameters', async (template) => {
    const res = await get(template.replace('{site}', String(siteId)));
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 422,
      error: 'conflicting_parameters',
    });
    const paged = await get(template.replace('{site}', String(siteId))).set('Accept', 'text/csv');
    expect(paged.status).toBe(422);
  });

  it('refuses an unknown format with 406, and another account’s site with 404', async () => {
    const res = await get('/api/v1/sites?format=xlsx');
    expect(res.status).toBe(406);
    expect(res.body).toMatchObject({ error: 'not_acceptable' });
    const other = await seedAccount(t.db);
    const theirs = await seedSite(t.db, other.accountId);
    for (const list of ['articles', 'backlinks']) {
      const refused = await get(`/api/v1/sites/${theirs}/${list}?format=csv`);
      expect({ list, status: refused.status, error: refused.body.error }).toEqual({
        list,
        status: 404,
        error: 'site_not_found',
      });
    }
  });

  it('counts an export as one request against the per-minute limit', async () => {
    const before = Number((await get('/api/v1/sites')).headers['x-ratelimit-remaining']);
    await get(`/api/v1/sites/${bigSiteId}/backlinks?format=csv`).expect(200);
    const after = Number((await get('/api/v1/sites')).headers['x-ratelimit-remaining']);
    expect(before - after).toBe(2);
  });

  it('streams 150,000 rows whole', async () => {
    const res = await get(`/api/v1/sites/${bigSiteId}/backlinks?format=csv`).expect(200);
    const lines = res.text.split('\r\n');
    expect(lines).toHaveLength(150_002);
    expect(lines[1]).toMatch(/,2024-04-14T04:00:00Z,source-0\.example,/);
    expect(lines.at(-1)).toBe('');
  });

  /** The backends running the big site's export, and whether each is still in its query. */
  const exportBackends = () =>
    t.db.query<Array<{ pid: number; state: string }>>(
      `SELECT pid, state FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND query LIKE '%FROM backlinks b%ORDER BY%' AND state <> 'idle'`,
    );

  it('runs at most two exports of a key at once: a third is 429 with Retry-After; a client gone ends its query', async () => {
    const path = `/api/v1/sites/${bigSiteId}/backlinks?format=csv`;
    const first = await stalledExport(port, path, owner.key);
    const second = await stalledExport(port, path, owner.key);
    expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
    await eventually(
      'both exports hold a query open',
      async () => (await exportBackends()).length === 2,
    );

    const third = await get(path);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: 'rate_limited', limit: 2 });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // The JSON list, another key of the account and the report are not exports.
    await get(`/api/v1/sites/${bigSiteId}/backlinks`).expect(200);
    const colleague = await seedAccount(t.db);
    const colleagueSite = await seedSite(t.db, colleague.accountId);
    await get(`/api/v1/sites/${colleagueSite}/backlinks?format=csv`, colleague.key).expect(200);

    // The first client goes away: its query ends on the server, and its slot is free again.
    first.req.destroy();
    await eventually(
      'the abandoned export’s query has ended',
      async () => (await exportBackends()).length === 1,
    );
    const fourth = await stalledExport(port, path, owner.key);
    expect(fourth.res.statusCode).toBe(200);

    second.req.destroy();
    fourth.req.destroy();
    await eventually(
      'every export’s query has ended',
      async () => (await exportBackends()).length === 0,
    );
  });
});

const redisUrl = process.env.REDIS_URL;

(redisUrl ? describe : describe.skip)(
  'CSV exports at once, shared through Redis by two replicas',
  () => {
    const prefix = `content-api-test:${randomUUID()}:`;
    let first: TestApp;
    let second: RunningApp;
    let owner: SeededAccount;
    let siteId: number;
    const ports: number[] = [];

    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
      first = await createTestApp(env);
      second = await createApp(
        loadConfig({
          ...env,
          DATABASE_URL: first.databaseUrl,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
          LOG_LEVEL: 'silent',
          MIGRATE_ON_START: 'false',
          SEED_DEMO: 'false',
        }),
      );
      for (const app of [first.app, second.app]) {
        await new Promise<void>((resolve) => app.getHttpServer().listen(0, '127.0.0.1', resolve));
        ports.push((app.getHttpServer().address() as AddressInfo).port);
      }
      owner = await seedAccount(first.db);
      siteId = await seedSite(first.db, owner.accountId);
      await first.db.query(
        `INSERT INTO backlinks (site_id, acquired_at, source_url, anchor_text, category)
       SELECT $1, timestamptz '2024-01-01' + n * interval '1 minute',
              'https://source.example/a/long/path/to/the/post/number/' || n,
              'a long enough anchor text to fill the buffers ' || n, 'local'
         FROM generate_series(1, 150000) n`,
        [siteId],
      );
    });

    afterAll(async () => {
      await second?.close();
      await first?.close();
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('counts the exports of a key on both replicas together', async () => {
      const path = `/api/v1/sites/${siteId}/backlinks?format=csv`;
      const one = await stalledExport(ports[0], path, owner.key);
      const two = await stalledExport(ports[1], path, owner.key);
      expect([one.res.statusCode, two.res.statusCode]).toEqual([200, 200]);
      for (const port of ports) {
        const third = await stalledExport(port, path, owner.key);
        expect(third.res.statusCode).toBe(429);
        third.req.destroy();
      }
      one.req.destroy();
      await eventually('a slot is free again', async () => {
        const next = await stalledExport(ports[1], path, owner.key);
        next.req.destroy();
        return next.res.statusCode === 200;
      });
      two.req.destroy();
    });
  },
);
