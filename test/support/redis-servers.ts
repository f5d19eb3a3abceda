import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort } from '../../src/common/net/free-port.js';
import { waitUntil } from './built-server.js';

/**
 * Redis servers a test starts for itself, from the system's `redis-server` (Debian's
 * `redis-server` package): on free loopback ports, with their files in a temporary folder,
 * each stopped by its own PID. The machine's own Redis (6379) is never touched.
 */

/** Whether `redis-server` can be run here; the tests that need it are skipped otherwise. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const LOOPBACK = '127.0.0.1';
const running = new Set<ChildProcess>();
// A test that fails before its afterAll must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** One redis-server (or sentinel) process; it may be stopped and started again on its port. */
export class RedisProcess {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly args: string[],
    readonly password: string | undefined,
  ) {}

  /** A redis-server on a free port; `options.args` are added to its command line. */
  static async start(
    options: { password?: string; args?: string[]; sentinelConfig?: string } = {},
  ): Promise<RedisProcess> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'content-api-redis-'));
    const args = [
      ...(options.sentinelConfig === undefined
        ? []
        : [sentinelConfigFile(dir, port, options.sentinelConfig), '--sentinel']),
      ...['--port', String(port), '--bind', LOOPBACK, '--dir', dir],
      ...['--save', '', '--appendonly', 'no', '--logfile', join(dir, 'redis.log')],
      ...(options.password === undefined ? [] : ['--requirepass', options.password]),
      ...(options.args ?? []),
    ];
    const server = new RedisProcess(port, dir, args, options.password);
    await server.start();
    return server;
  }

  get address(): string {
    return `${LOOPBACK}:${this.port}`;
  }

  /** Starts the process (again, on the same port and folder) and waits until it answers PING. */
  async start(): Promise<void> {
    const child = spawn('redis-server', this.args, { stdio: 'ignore' });
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited: see ${this.dir}`);
      return (await this.command('PING')) === 'PONG';
    }, 20_000);
  }

  /** Stops the process by its PID and waits until it has exited (its port is then closed). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** One command on a short-lived connection of its own. */
  async command(name: string, ...args: (string | number)[]): Promise<unknown> {
    const client = this.client();
    try {
      return await client.call(name, ...args);
    } finally {
      client.disconnect();
    }
  }

  /** A plain connection to this process only (the caller disconnects it). */
  client(db = 0): Redis {
    return new Redis({
      host: LOOPBACK,
      port: this.port,
      password: this.password,
      db,
      lazyConnect: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    }).on('error', () => undefined);
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function sentinelConfigFile(dir: string, port: number, lines: string): string {
  const file = join(dir, 'sentinel.conf');
  // A sentinel rewrites its configuration file; it must be its own, writable.
  writeFileSync(file, `port ${port}\n${lines}\n`);
  return file;
}

/**
 * A Redis Cluster of `masters` masters and no replicas on free loopback ports, made with
 * `redis-cli --cluster create`; each node's bus port is a free port too (`--cluster-port`).
 */
export async function startRedisCluster(
  masters: number,
  password?: string,
): Promise<RedisProcess[]> {
  const nodes: RedisProcess[] = [];
  for (let i = 0; i < masters; i++) {
    nodes.push(
      await RedisProcess.start({
        password,
        args: [
          ...['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf'],
          ...['--cluster-node-timeout', '2000', '--cluster-port', String(await freePort())],
          ...(password === undefined ? [] : ['--masterauth', password]),
        ],
      }),
    );
  }
  await promisify(execFile)('redis-cli', [
    ...(password === undefined ? [] : ['-a', password, '--no-auth-warning']),
    '--cluster',
    'create',
    ...nodes.map((node) => node.address),
    '--cluster-replicas',
    '0',
    '--cluster-yes',
  ]);
  await waitUntil(async () => {
    for (const node of nodes) {
      const info = String(await node.command('CLUSTER', 'INFO'));
      if (!info.includes('cluster_state:ok')) return false;
    }
    return true;
  }, 30_000);
  return nodes;
}
