import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { startBuiltServer, waitUntil, type BuiltServer } from '../support/built-server.js';
import { seedAccount, seedArticle, seedSite } from '../support/fixtures.js';
import { ReadyBalancer } from '../support/ready-balancer.js';
import { createTestDatabase } from '../support/test-database.js';

const CLIENTS = 12;
const PAUSE_BETWEEN_CALLS_MS = 10;
const STEADY_MS = 2_000;
/** Longer than the balancer's readiness poll (250 ms), as a preStop pause is longer than endpoint propagation. */
const DRAIN_SECONDS = 2;

interface Call {
  requestId: string;
  method: 'GET' | 'PUT';
  status: number;
  error?: string;
  startedAt: number;
  ms: number;
}

interface Replacement {
  sigtermAt: number;
  notRoutedAt: number;
  exitedAt: number;
  exitCode: number | null;
  newReadyAt: number;
}

/**
 * Two replicas of the built server behind a load balancer that routes only to
 * ready backends, many clients reading and editing without pause, and each
 * replica replaced in turn: SIGTERM, readiness drops, the balancer stops
 * routing to it, it drains and exits, a new process starts and becomes ready.
 * Nothing may fail and every call must have its learning-log row.
 */
describe('Rolling restart under load', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let balancer: ReadyBalancer;
  const replicas: BuiltServer[] = [];
  const env = (): Record<string, string> => ({
    DATABASE_URL: database.url,
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `roll-${process.pid}:` }
      : {}),
    MIGRATE_ON_START: 'false',
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    RATE_LIMIT_PER_MINUTE: '1000000',
    EDIT_LIMIT_PER_DAY: '1000000',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: balancer.base,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    balancer = await ReadyBalancer.start();
  }, 60_000);

  afterAll(async () => {
    for (const replica of replicas)
      if (replica.process.exitCode === null) replica.process.kill('SIGKILL');
    await balancer.close();
    await db.destroy();
    await database.drop();
  });

  it('fails no request and loses no learning-log row while each replica is replaced in turn', async () => {
    const { key, accountId } = await seedAccount(db);
    const siteId = await seedSite(db, accountId);
    const articles: number[] = [];
    for (let i = 0; i < CLIENTS; i++)
      articles.push(await seedArticle(db, siteId, { title: `Article ${i}` }));

    for (let i = 0; i < 2; i++) replicas.push(await startBuiltServer(env()));
    for (const replica of replicas) balancer.add(replica.port);
    await waitUntil(() => replicas.every((replica) => balancer.isRouting(replica.port)));

    const calls: Call[] = [];
    const editsMade = new Map<number, number>();
    let running = true;
    const clients = articles.map((articleId, client) =>
      runClient(client, articleId, () => running, calls, editsMade),
    );

    await sleep(STEADY_MS);
    const rollStartedAt = performance.now();
    const replacements: Replacement[] = [];
    for (let i = 0; i < 2; i++) {
      const old = replicas[i];
      const sigtermAt = performance.now();
      old.process.kill('SIGTERM');
      await waitUntil(() => !balancer.isRouting(old.port), 10_000, 10);
      const notRoutedAt = performance.now();
      const exitCode = await old.exited;
      const exitedAt = performance.now();
      balancer.remove(old.port);
      const fresh = await startBuiltServer(env());
      replicas[i] = fresh;
      balancer.add(fresh.port);
      await waitUntil(() => balancer.isRouting(fresh.port), 10_000, 10);
      replacements.push({
        sigtermAt,
        notRoutedAt,
        exitedAt,
        exitCode,
        newReadyAt: performance.now(),
      });
    }
    const rollEndedAt = performance.now();
    await sleep(STEADY_MS);
    running = false;
    await Promise.all(clients);

    // The last replicas write the rest of their learning log as they stop.
    for (const replica of replicas) replica.process.kill('SIGTERM');
    expect(await Promise.all(replicas.map((replica) => replica.exited))).toEqual([0, 0]);

    report(calls, replacements, rollStartedAt, rollEndedAt);
    expect(replacements.map((step) => step.exitCode)).toEqual([0, 0]);
    const failed = calls.filter((call) => call.status < 200 || call.status >= 300);
    expect(failed).toEqual([]);
    const during = calls.filter(
      (call) => call.startedAt >= rollStartedAt && call.startedAt < rollEndedAt,
    );
    expect(during.length).toBeGreaterThan(100);

    const logged: { request_id: string }[] = await db.query(
      `SELECT request_id FROM learning_log WHERE request_id LIKE 'roll-%'`,
    );
    expect(logged.length).toBe(calls.length);
    expect(new Set(logged.map((row) => row.request_id))).toEqual(
      new Set(calls.map((call) => call.requestId)),
    );

    // Every accepted edit is a revision: none was lost or applied twice.
    const revisions: { article_id: number; n: number }[] = await db.query(
      `SELECT article_id, count(*)::int AS n FROM article_revisions GROUP BY article_id ORDER BY article_id`,
    );
    expect(revisions).toEqual(
      articles.map((articleId) => ({
        article_id: articleId,
        n: 1 + (editsMade.get(articleId) ?? 0),
      })),
    );

    async function runClient(
      client: number,
      articleId: number,
      keepGoing: () => boolean,
      into: Call[],
      edits: Map<number, number>,
    ): Promise<void> {
      let etag: string | null = null;
      for (let n = 0; keepGoing(); n++) {
        const requestId = `roll-${client}-${n}`;
        const edit: boolean = n % 3 === 2 && etag !== null;
        const startedAt = performance.now();
        const call: Call = { requestId, method: edit ? 'PUT' : 'GET', status: 0, startedAt, ms: 0 };
        try {
          const res: Response = edit
            ? await fetch(`${balancer.base}/api/v1/articles/${articleId}`, {
                method: 'PUT',
                headers: {
                  'X-API-Key': key,
                  'X-Request-Id': requestId,
                  'Content-Type': 'application/json',
                  'If-Match': etag!,
                },
                body: JSON.stringify({
                  title: `Article ${client}, edit ${n}`,
                  body: `<p>Edit ${n} of client ${client}.</p>`,
                  reason: 'rolling restart test',
                }),
              })
            : await fetch(
                n % 3 === 0
                  ? `${balancer.base}/api/v1/articles/${articleId}`
                  : `${balancer.base}/api/v1/sites/${siteId}/articles?per_page=5`,
                { headers: { 'X-API-Key': key, 'X-Request-Id': requestId } },
              );
          call.status = res.status;
          if (res.headers.has('etag')) etag = res.headers.get('etag');
          if (!res.ok) call.error = await res.text();
          else await res.arrayBuffer();
          if (edit && res.ok) edits.set(articleId, (edits.get(articleId) ?? 0) + 1);
        } catch (error) {
          call.error = String((error as Error).cause ?? error);
        }
        call.ms = performance.now() - startedAt;
        into.push(call);
        await sleep(PAUSE_BETWEEN_CALLS_MS);
      }
    }
  }, 180_000);
});

function report(
  calls: Call[],
  replacements: Replacement[],
  rollStartedAt: number,
  rollEndedAt: number,
): void {
  const steady = calls.filter(
    (call) => call.startedAt < rollStartedAt || call.startedAt >= rollEndedAt,
  );
  const rolling = calls.filter(
    (call) => call.startedAt >= rollStartedAt && call.startedAt < rollEndedAt,
  );
  const line = (name: string, group: Call[]) => {
    const ms = group.map((call) => call.ms).sort((a, b) => a - b);
    const at = (q: number) =>
      (ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] : 0).toFixed(1);
    const failed = group.filter((call) => call.status < 200 || call.status >= 300).length;
    const edits = group.filter((call) => call.method === 'PUT').length;
    return `${name.padEnd(13)} ${String(group.length).padStart(6)} calls (${edits} edits), ${failed} failed; latency ms p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)}`;
  };
  const steps = replacements.map(
    (step, i) =>
      `replica ${i + 1}: out of rotation ${(step.notRoutedAt - step.sigtermAt).toFixed(0)} ms after SIGTERM, exited ${(step.exitedAt - step.sigtermAt).toFixed(0)} ms after (code ${step.exitCode}), replacement ready ${(step.newReadyAt - step.exitedAt).toFixed(0)} ms after that`,
  );
  console.log(
    [
      `Rolling restart: ${CLIENTS} clients, 2 replicas, drain ${DRAIN_SECONDS} s, roll took ${((rollEndedAt - rollStartedAt) / 1000).toFixed(1)} s`,
      line('steady state', steady),
      line('during roll', rolling),
      ...steps,
    ].join('\n'),
  );
}
