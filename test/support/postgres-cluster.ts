import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../../src/common/net/free-port.js';

/** Debian's PostgreSQL 15 programs (the postgresql-15 package). */
const BIN = '/usr/lib/postgresql/15/bin';

export const hasPostgresPrograms = ['initdb', 'postgres', 'pg_basebackup'].every((program) =>
  existsSync(join(BIN, program)),
);

/** A PostgreSQL server of the test's own, on its own loopback port; never the machine's. */
export interface LocalPostgres {
  port: number;
  pid: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication, loopback only). */
  url(database?: string): string;
  /** Stops it by its PID (fast shutdown: sessions are ended, as when a server goes away). */
  stop(): Promise<void>;
}

/**
 * A new primary: initdb in a temporary folder, `wal_level=replica`, started
 * on a free loopback port. Run as root, the programs run as the `postgres`
 * user (PostgreSQL refuses root).
 */
export async function startPrimary(): Promise<LocalPostgres> {
  const folder = ownFolder();
  const dataDir = join(folder, 'data');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  return start(folder, dataDir, ['-c', 'wal_level=replica', '-c', 'max_wal_senders=4']);
}

/**
 * A streaming replica of `primary`: `pg_basebackup -R` (which writes the
 * standby's connection to the primary), started on a port of its own.
 */
export async function startReplica(primary: LocalPostgres): Promise<LocalPostgres> {
  const folder = ownFolder();
  const dataDir = join(folder, 'data');
  run('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', dataDir, '-R', '-X', 'stream', '--no-sync'],
    // Without it the backup waits for a spread checkpoint: minutes on an idle primary.
    '--checkpoint=fast',
  ]);
  const replica = await start(folder, dataDir, []);
  const client = new pg.Client({ connectionString: replica.url('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ standby: boolean }>(
      'SELECT pg_is_in_recovery() AS standby',
    );
    if (!rows[0].standby) throw new Error('pg_basebackup -R did not make a standby');
  } finally {
    await client.end();
  }
  return replica;
}

async function start(folder: string, dataDir: string, settings: string[]): Promise<LocalPostgres> {
  const port = await freePort();
  const child = spawn(
    join(BIN, 'postgres'),
    [
      ...['-D', dataDir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'fsync=off', '-c', 'shared_buffers=16MB', '-c', 'max_connections=60'],
      ...settings,
    ],
    { ...asPostgres(), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(url()))) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`PostgreSQL did not answer on ${port}:\n${log}`);
    }
    await sleep(100);
  }
  return {
    port,
    pid: child.pid!,
    url,
    async stop() {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGINT');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function run(program: string, args: string[]): void {
  const result = spawnSync(join(BIN, program), args, { ...asPostgres(), encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}): ${result.stderr || result.error}`);
  }
}

/** A temporary folder the server's user owns. */
function ownFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'content-api-pg-'));
  const owner = postgresUser();
  if (owner) chownSync(folder, owner.uid, owner.gid);
  chmodSync(folder, 0o700);
  return folder;
}

function asPostgres(): SpawnOptions {
  const owner = postgresUser();
  return owner ? { uid: owner.uid, gid: owner.gid, cwd: tmpdir() } : {};
}

/** The `postgres` user's ids when running as root; nothing otherwise (the programs run as us). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === 'postgres');
  if (!entry) throw new Error('Running as root needs a "postgres" user to run PostgreSQL as.');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}
