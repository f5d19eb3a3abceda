import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * Waits until no query of the bench database is running. A server keeps
 * working through requests queued for its pool after autocannon has hung up
 * (the baseline's deep pages take seconds each), and that backlog must not
 * be charged to the next measurement.
 */
export async function waitForQuiet(databaseUrl, timeoutMs = 180_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const began = Date.now();
  try {
    let quietPolls = 0;
    while (quietPolls < 3 && Date.now() - began < timeoutMs) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS active FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active'
            AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      quietPolls = rows[0].active === 0 ? quietPolls + 1 : 0;
      await sleep(200);
    }
    return Date.now() - began;
  } finally {
    await client.end();
  }
}
