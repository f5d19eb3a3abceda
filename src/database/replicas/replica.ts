import pg from 'pg';
import type { DatabasePooler } from '../../config/app-config.js';
import { poolSettings } from '../data-source-options.js';
import type { PrimaryWalTimeline } from './primary-wal-timeline.js';
import { walPosition } from './wal-position.js';

/** A replica that does not connect within this is skipped; the primary takes its reads. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
/** How long a poll waits for a replica's answer before counting it as down. */
const POLL_TIMEOUT_MS = 2_000;

/** What the last poll (or a failed read since) found. */
export type ReplicaState =
  | { kind: 'unknown' }
  | { kind: 'down'; reason: string }
  | { kind: 'not_standby' }
  | { kind: 'streaming'; replayed: bigint; freshAsOf: number | undefined };

/**
 * One read replica (an entry of DATABASE_REPLICA_URLS): its pool, opened
 * lazily, so a replica that is down at start costs nothing but its skips,
 * and what is known of its freshness.
 */
export class Replica {
  readonly pool: pg.Pool;
  state: ReplicaState = { kind: 'unknown' };

  constructor(
    /** How metrics, logs and /health/ready name it: host and port, never credentials. */
    readonly name: string,
    url: string,
    pooler: DatabasePooler,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      application_name: 'content-api',
      ...poolSettings(pooler),
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    });
    // An idle connection that breaks (the replica stopped) must not crash the process.
    this.pool.on('error', () => undefined);
  }

  /** Seconds it may be behind the primary now; Infinity when that is not known. */
  lagSeconds(now: number): number {
    if (this.state.kind !== 'streaming' || this.state.freshAsOf === undefined) return Infinity;
    return Math.max(0, now - this.state.freshAsOf) / 1000;
  }

  /** Whether it holds everything up to this primary WAL position. */
  hasReplayed(position: bigint): boolean {
    return this.state.kind === 'streaming' && this.state.replayed >= position;
  }

  async poll(timeline: PrimaryWalTimeline): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ standby: boolean; replayed: string | null }>({
        text: 'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
        query_timeout: POLL_TIMEOUT_MS,
      } as pg.QueryConfig);
      const [{ standby, replayed }] = rows;
      if (!standby || replayed === null) {
        this.state = { kind: 'not_standby' };
        return;
      }
      const position = walPosition(replayed);
      this.state = {
        kind: 'streaming',
        replayed: position,
        freshAsOf: timeline.freshAsOf(position),
      };
    } catch (error) {
      this.failed(error);
    }
  }

  /** Skipped from now until a poll finds it answering again. */
  failed(error: unknown): void {
    this.state = { kind: 'down', reason: (error as Error).message };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** `host:port` of each URL, numbered when two are the same. */
export function replicaNames(urls: readonly string[]): string[] {
  const names = urls.map((url) => {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  });
  return names.map((name, index) =>
    names.indexOf(name) === index && names.lastIndexOf(name) === index
      ? name
      : `${name}#${index + 1}`,
  );
}
