import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/index.js';
import type { CallRecord } from './call-record.js';
import { LearningLogWriter } from './learning-log.writer.js';

/** A database that stores inserted ids like a primary key would, and can be switched off. */
function fakeDatabase() {
  const stored = new Map<string, string | null>();
  const state = { up: true, loseAck: false, statements: 0 };
  const dataSource = {
    isInitialized: true,
    query: (_sql: string, params: unknown[][]) => {
      state.statements += 1;
      if (!state.up) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      const [ids, , , , , , , , , , requestIds] = params as string[][];
      ids.forEach((id, i) => {
        if (!stored.has(id)) stored.set(id, requestIds[i]);
      });
      if (state.loseAck) return Promise.reject(new Error('Connection terminated unexpectedly'));
      return Promise.resolve([]);
    },
  };
  return { dataSource: dataSource as unknown as DataSource, stored, state };
}

function call(requestId: string): CallRecord {
  return {
    occurredAt: new Date(),
    channel: 'api',
    operation: 'listSites',
    method: 'GET',
    path: '/api/v1/sites',
    status: 200,
    durationMs: 3,
    accountId: 1,
    keyId: 1,
    requestId,
    clientAddress: '127.0.0.1',
    userAgent: null,
    error: null,
  };
}

async function value(metric: { get(): Promise<{ values: Array<{ value: number }> }> }) {
  return (await metric.get()).values[0]?.value ?? 0;
}

describe('LearningLogWriter', () => {
  let metrics: MetricsService;

  beforeEach(() => {
    metrics = new MetricsService({ driver: {} } as never);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('writes buffered calls in batches of at most 500 rows', async () => {
    const db = fakeDatabase();
    const writer = new LearningLogWriter(db.dataSource, metrics);
    for (let i = 0; i < 1_200; i++) writer.enqueue(call(`r${i}`));
    await writer.flush();
    expect(db.stored.size).toBe(1_200);
    expect(db.state.statements).toBe(3);
    expect(await value(metrics.learningLogBuffered)).toBe(0);
  });

  it('keeps rows while the database is away and writes each exactly once when it is back', async () => {
    const db = fakeDatabase();
    const writer = new LearningLogWriter(db.dataSource, metrics);
    db.state.up = false;
    writer.enqueue(call('a'));
    writer.enqueue(call('b'));
    await writer.flush();
    await writer.flush();
    expect(db.stored.size).toBe(0);
    expect(await value(metrics.learningLogBuffered)).toBe(2);
    expect(await value(metrics.learningLogWriteErrors)).toBe(2);
    db.state.up = true;
    writer.enqueue(call('c'));
    await writer.flush();
    expect([...db.stored.values()].sort()).toEqual(['a', 'b', 'c']);
    expect(await value(metrics.learningLogDropped)).toBe(0);
  });

  it('does not write a row twice when a batch is retried after its acknowledgement was lost', async () => {
    const db = fakeDatabase();
    const writer = new LearningLogWriter(db.dataSource, metrics);
    db.state.loseAck = true;
    writer.enqueue(call('a'));
    await writer.flush();
    db.state.loseAck = false;
    await writer.flush();
    expect(db.state.statements).toBe(2);
    expect([...db.stored.values()]).toEqual(['a']);
  });

  it('drops and counts rows past the bound instead of growing without end', async () => {
    const db = fakeDatabase();
    const writer = new LearningLogWriter(db.dataSource, metrics);
    // A failed write backs off; while it does, a full batch does not trigger a write.
    jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    db.state.up = false;
    writer.enqueue(call('first'));
    await writer.flush();
    for (let i = 1; i < 20_005; i++) writer.enqueue(call(`r${i}`));
    expect(await value(metrics.learningLogBuffered)).toBe(20_000);
    expect(await value(metrics.learningLogDropped)).toBe(5);
    db.state.up = true;
    await writer.flush();
    expect(db.stored.size).toBe(20_000);
  });

  it('writes what is left at shutdown', async () => {
    const db = fakeDatabase();
    const writer = new LearningLogWriter(db.dataSource, metrics);
    writer.onModuleInit();
    writer.enqueue(call('last'));
    await writer.onApplicationShutdown();
    expect([...db.stored.values()]).toEqual(['last']);
  });
});
