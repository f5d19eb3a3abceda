import { jest } from '@jest/globals';
import type { Pool } from 'pg';
import type { NextFunction, Request, Response } from 'express';
import { ReadRouter } from './read-router.js';
import { readScopeMiddleware } from './read-scope.js';
import type { Replica } from './replica.js';
import { ReplicaMetrics } from './replica-metrics.js';
import type { ReplicaSet } from './replica-set.js';
import { MARK_UNKNOWN, WriteMarks } from './write-marks.js';
import { keyWriter } from './writers.js';

const SETTINGS = {
  urls: ['postgres://r/db'],
  stickySeconds: 5,
  maxLagSeconds: 10,
  pooler: 'none' as const,
};
const PRIMARY = { name: 'primary' } as unknown as Pool;

/** A replica that has replayed up to `replayed` and lags `lag` seconds. */
function replica(replayed: bigint, lag = 0): Replica {
  const pool = { name: 'replica' } as unknown as Pool;
  return {
    name: 'replica:5432',
    pool,
    lagSeconds: () => lag,
    hasReplayed: (position: bigint) => replayed >= position,
    failed: () => undefined,
  } as unknown as Replica;
}

function router(replicas: Replica[], marks = new WriteMarks(SETTINGS)) {
  const set = {
    configured: true,
    settings: SETTINGS,
    replicas,
    usable: () => replicas.filter((candidate) => candidate.lagSeconds(Date.now()) <= 10),
    primaryPool: () => PRIMARY,
    primaryPosition: () => Promise.resolve(500n),
  } as unknown as ReplicaSet;
  return { router: new ReadRouter(set, marks, new ReplicaMetrics(set)), marks };
}

/** Where a read of a GET by key 7 goes, inside a request scope. */
function readAsKey7(target: ReadRouter, method = 'GET'): Promise<string> {
  const req = {
    method,
    auth: { principal: { keyId: 7, connectionId: null } },
  } as unknown as Request;
  return new Promise((resolve, reject) => {
    readScopeMiddleware(
      req,
      {} as Response,
      (() => {
        target
          .run((pool) => Promise.resolve((pool as unknown as { name: string }).name))
          .then(resolve, reject);
      }) as NextFunction,
    );
  });
}

describe('ReadRouter', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the reads of a key that has not written to a usable replica', async () => {
    expect(await readAsKey7(router([replica(100n)]).router)).toBe('replica');
  });

  it('keeps the primary when no replica is usable, and for every read of a write request', async () => {
    expect(await readAsKey7(router([replica(100n, 60)]).router)).toBe('primary');
    expect(await readAsKey7(router([replica(100n)]).router, 'PUT')).toBe('primary');
  });

  it('keeps a writer on the primary for REPLICA_STICKY_SECONDS, then on replicas that hold its write', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const marks = new WriteMarks(SETTINGS);
    await marks.set(keyWriter(7), { at: Date.now(), position: 400n });
    const behind = router([replica(399n)], marks).router;
    const holding = router([replica(400n)], marks).router;
    expect(await readAsKey7(holding)).toBe('primary');
    jest.setSystemTime(1_000_000 + 5_000);
    expect(await readAsKey7(behind)).toBe('primary');
    expect(await readAsKey7(holding)).toBe('replica');
  });

  it('keeps a writer whose write position is unknown (a console action) on the primary while its mark lasts', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const marks = new WriteMarks(SETTINGS);
    await marks.set(keyWriter(7), { at: Date.now(), position: undefined });
    jest.setSystemTime(1_000_000 + 10_000);
    expect(await readAsKey7(router([replica(10_000n)], marks).router)).toBe('primary');
    jest.setSystemTime(1_000_000 + 11_000);
    expect(await readAsKey7(router([replica(10_000n)], marks).router)).toBe('replica');
  });

  it('reads from the primary when the mark cannot be read (Redis unreachable)', async () => {
    const marks = new WriteMarks(SETTINGS);
    jest.spyOn(marks, 'get').mockResolvedValue(MARK_UNKNOWN);
    expect(await readAsKey7(router([replica(100n)], marks).router)).toBe('primary');
  });
});
