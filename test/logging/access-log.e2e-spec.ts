import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { startBuiltServer, waitUntil, type BuiltServer } from '../support/built-server.js';
import { seedAccount, seedSite, type SeededAccount } from '../support/fixtures.js';
import { createTestDatabase } from '../support/test-database.js';

interface LogLine {
  level: string;
  request_id?: string;
  msg: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
  responseTime?: number;
  operation?: string;
  account_id?: number;
}

const linesOf = (server: BuiltServer, requestId: string): LogLine[] =>
  server.stdout
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.request_id === requestId);

/**
 * What stdout carries per request (src/logging/http-logger.options.ts): at
 * the default `info`, only failures and slow requests; at `debug`, one
 * compact line per request. The built server, as shipped.
 */
describe('The access log on stdout', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let caller: SeededAccount;
  let siteId: number;
  const servers: BuiltServer[] = [];

  const start = async (env: Record<string, string>) => {
    const server = await startBuiltServer({
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'false',
      ...env,
    });
    servers.push(server);
    return server;
  };
  const get = (server: BuiltServer, path: string, requestId: string) =>
    fetch(`${server.base}${path}`, {
      headers: { 'X-API-Key': caller.key, 'X-Request-Id': requestId, 'User-Agent': 'log-test/1' },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    caller = await seedAccount(db, { name: 'Logged' });
    siteId = await seedSite(db, caller.accountId, { name: 'Logged' });
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await db.destroy();
    await database.drop();
  });

  it('writes no line for a successful request at the default level', async () => {
    const server = await start({});
    const ids = ['quiet-1', 'quiet-2', 'quiet-3'];
    for (const id of ids) expect((await get(server, '/api/v1/sites', id)).status).toBe(200);
    expect((await get(server, '/api/v1/sites/999999', 'quiet-404')).status).toBe(404);
    // The server log is written asynchronously: a later line proves the earlier ones are in.
    server.process.kill('SIGTERM');
    await server.exited;
    expect(server.stdout.some((line) => line.includes('Stopped.'))).toBe(true);
    for (const id of [...ids, 'quiet-404']) expect(linesOf(server, id)).toEqual([]);
  }, 60_000);

  it("writes Nest's start-up wiring (a line per module and route) only at debug", async () => {
    const messages = (server: BuiltServer) =>
      server.stdout.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as LogLine);
    const wiring = (server: BuiltServer) =>
      messages(server).filter((line) => /^Mapped \{|dependencies initialized$/.test(line.msg));
    const quiet = await start({});
    expect(wiring(quiet)).toEqual([]);
    const verbose = await start({ LOG_LEVEL: 'debug' });
    expect(wiring(verbose)).toContainEqual(
      expect.objectContaining({ level: 'debug', msg: 'Mapped {/api/v1/sites, GET} route' }),
    );
  }, 60_000);

  it('writes a warn line for a request slower than LOG_SLOW_REQUEST_MS, without headers', async () => {
    const server = await start({ LOG_SLOW_REQUEST_MS: '1' });
    const res = await get(server, `/api/v1/sites/${siteId}/report?format=pdf`, 'slow-pdf');
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await waitUntil(() => linesOf(server, 'slow-pdf').length > 0, 10_000);
    const [line] = linesOf(server, 'slow-pdf');
    expect(line).toMatchObject({
      level: 'warn',
      msg: 'request completed',
      req: { method: 'GET', url: `/api/v1/sites/${siteId}/report?format=pdf` },
      res: { statusCode: 200 },
      account_id: caller.accountId,
    });
    expect(line.responseTime).toBeGreaterThanOrEqual(1);
    expect(Object.keys(line.req!)).toEqual(['method', 'url']);
  }, 60_000);

  it('writes one compact line per request at debug, never a key or a header', async () => {
    const server = await start({ LOG_LEVEL: 'debug' });
    expect((await get(server, '/api/v1/sites', 'debug-1')).status).toBe(200);
    expect((await get(server, '/api/v1/sites/999999', 'debug-2')).status).toBe(404);
    await waitUntil(() => linesOf(server, 'debug-2').some((l) => l.res !== undefined), 10_000);
    const ended = (id: string) => linesOf(server, id).filter((l) => l.res !== undefined);
    expect(ended('debug-1')).toEqual([
      expect.objectContaining({
        level: 'debug',
        operation: 'listSites',
        req: { method: 'GET', url: '/api/v1/sites' },
        res: { statusCode: 200 },
      }),
    ]);
    expect(ended('debug-2')).toEqual([
      expect.objectContaining({ level: 'debug', res: { statusCode: 404 } }),
    ]);
    const written = server.stdout.join('\n');
    expect(written).not.toContain(caller.key);
    expect(written).not.toContain('log-test/1');
  }, 60_000);
});
