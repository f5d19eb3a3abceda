import request from 'supertest';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** The value of one sample of the Prometheus text format, or undefined when absent. */
function sample(text: string, metric: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(labels ? `${metric}{${labels}}` : `${metric} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Operations surface: health, metrics, security headers', () => {
  let t: TestApp;
  let owner: SeededAccount;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('answers liveness, and readiness with PostgreSQL checked (no Redis configured)', async () => {
    const live = await request(t.http).get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('ok');
    const ready = await request(t.http).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', details: { database: { status: 'up' } } });
    expect(ready.body.details.redis).toBeUndefined();
  });

  it('counts calls by operation and status, their latency, rate-limited calls and the database pool', async () => {
    for (let i = 0; i < 4; i++) {
      await request(t.http).get('/api/v1/sites').set('X-API-Key', owner.key);
    }
    const res = await request(t.http).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    const listSites200 = 'channel="api",operation="listSites",status="200"';
    expect(sample(text, 'content_api_calls_total', listSites200)).toBe(3);
    expect(
      sample(text, 'content_api_calls_total', 'channel="api",operation="listSites",status="429"'),
    ).toBe(1);
    expect(sample(text, 'content_api_call_duration_seconds_count', listSites200)).toBe(3);
    expect(sample(text, 'content_api_rate_limited_total', 'channel="api"')).toBe(1);
    expect(text).toContain('# TYPE content_api_edit_limited_total counter');
    expect(sample(text, 'content_api_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(sample(text, 'content_api_learning_log_buffered')).toEqual(expect.any(Number));
    expect(sample(text, 'content_api_learning_log_dropped_total')).toBe(0);
    expect(sample(text, 'content_api_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("shows the job queue's jobs by queue and state, and failed attempts, from the first scrape", async () => {
    await t.db.query(`INSERT INTO pgboss.job (name, state, output)
                      VALUES ('learning-log-retention', 'failed', '{"message": "lock timeout"}')`);
    const text = (await request(t.http).get('/metrics')).text;
    const retention = 'queue="learning-log-retention"';
    expect(sample(text, 'content_api_jobs', `${retention},state="failed"`)).toBe(1);
    expect(sample(text, 'content_api_jobs', `${retention},state="created"`)).toBe(0);
    expect(sample(text, 'content_api_jobs', 'queue="learning-log-partitions",state="failed"')).toBe(
      0,
    );
    expect(sample(text, 'content_api_job_failures_total', retention)).toBe(0);
  });

  it('leaves health and metrics out of the OpenAPI document', async () => {
    const doc = await request(t.http).get('/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths as object);
    expect(paths.filter((p) => p.startsWith('/health') || p.startsWith('/metrics'))).toEqual([]);
  });

  it('sends security headers that forbid everything on API answers', async () => {
    const res = await request(t.http).get('/api/v1/sites');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('lets Swagger UI at /docs load its own scripts and styles and call the API', async () => {
    const page = await request(t.http).get('/docs');
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' https: 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self' http://api.test");
    expect(policy).not.toContain('upgrade-insecure-requests');
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await request(t.http).get(new URL(src, 'http://api.test/docs').pathname);
      expect(script.status).toBe(200);
    }
  });
});
