import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import pg from 'pg';

/** The 1-minute load average now: what else the shared machine was running. */
export function loadAverage() {
  return os.loadavg()[0];
}

/**
 * What the figures were measured on: they mean little without it.
 * `loadAtStart`: the 1-minute load average when the run began.
 */
export async function describeMachine(databaseUrl, loadAtStart) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postgres;
  let settings;
  try {
    postgres = (await client.query('SHOW server_version')).rows[0].server_version;
    settings = Object.fromEntries(
      (
        await client.query(
          `SELECT name, setting, unit FROM pg_settings
            WHERE name IN ('shared_buffers', 'work_mem', 'max_connections', 'effective_cache_size', 'jit')`,
        )
      ).rows.map((row) => [row.name, row.unit ? `${row.setting} × ${row.unit}` : row.setting]),
    );
  } finally {
    await client.end();
  }
  const require = createRequire(import.meta.url);
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length} logical cores`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} (${distribution()})`,
    node: process.version,
    postgres: `PostgreSQL ${postgres} on the same machine (${Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')})`,
    autocannon: require('autocannon/package.json').version,
    'load average (1 min)': `${loadAtStart.toFixed(2)} when the run began, ${loadAverage().toFixed(2)} when it ended (${cpus.length} cores; the bench itself adds about 2 while it measures)`,
  };
}

function distribution() {
  try {
    return /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
