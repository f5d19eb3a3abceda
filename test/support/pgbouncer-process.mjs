// Debian's PgBouncer, started for the tests. Plain JavaScript: test/support/global-setup.ts
// (TEST_POOLER=pgbouncer) loads it outside Jest's module system, where only files as they
// are can be imported, and test/database/pgbouncer.e2e-spec.ts loads it too.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * PgBouncer in transaction mode on a free loopback port, in front of the
 * PostgreSQL server of `upstreamUrl`, for any database on it (`*`, logging in
 * as that URL's user). `poolSize` server connections per database;
 * `ignoreStartupParameters` lets clients send those parameters (dropped).
 * Stopped by its PID.
 *
 * @param {string} upstreamUrl
 * @param {{ poolSize?: number, ignoreStartupParameters?: string[] }} [options]
 */
export async function startPgBouncer(upstreamUrl, options = {}) {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(`${PGBOUNCER} is missing: apt-get install pgbouncer`);
  }
  const upstream = new URL(upstreamUrl);
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'content-api-pgbouncer-'));
  // Run as root, PgBouncer switches to the "postgres" user, which must read its folder.
  chmodSync(folder, 0o755);
  const server = [
    `host=${upstream.hostname}`,
    `port=${upstream.port || 5432}`,
    `user=${decodeURIComponent(upstream.username)}`,
    ...(upstream.password ? [`password=${decodeURIComponent(upstream.password)}`] : []),
  ].join(' ');
  const settings = [
    '[databases]',
    `* = ${server}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    // The upstream login is the [databases] entry's; the client's name and password are ignored.
    'auth_type = any',
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize ?? 20}`,
    'max_client_conn = 1000',
    `admin_users = ${decodeURIComponent(upstream.username)}`,
    ...(options.ignoreStartupParameters
      ? [`ignore_startup_parameters = ${options.ignoreStartupParameters.join(',')}`]
      : []),
    ...(userInfo().uid === 0 ? ['user = postgres'] : []),
  ];
  const ini = join(folder, 'pgbouncer.ini');
  writeFileSync(ini, `${settings.join('\n')}\n`, { mode: 0o644 });

  const child = spawn(PGBOUNCER, [ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = new URL(upstreamUrl);
  base.host = `127.0.0.1:${port}`;
  /** @param {string} database */
  const url = (database) => {
    const target = new URL(base);
    target.pathname = `/${database}`;
    return target.toString();
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited at start:\n${log}`);
    // The admin console answers from PgBouncer itself, without touching the upstream server.
    if (await answers(url('pgbouncer'))) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`PgBouncer did not listen on ${port}:\n${log}`);
    }
    await sleep(50);
  }

  return {
    port,
    pid: child.pid,
    url,
    /** Runs `SHOW <what>` on the admin console (STATS, POOLS, CLIENTS…). */
    async show(/** @type {string} */ what) {
      const client = new pg.Client({ connectionString: url('pgbouncer') });
      await client.connect();
      try {
        return (await client.query({ text: `SHOW ${what}`, queryMode: 'simple' })).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      // SIGTERM: PgBouncer 1.18 shuts down at once, closing every connection.
      if (child.exitCode === null) process.kill(child.pid, 'SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** @param {string} adminUrl */
async function answers(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.query({ text: 'SHOW VERSION', queryMode: 'simple' });
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function freePort() {
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
