import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PrimaryWalTimeline } from './primary-wal-timeline.js';
import { Replica, replicaNames, type ReplicaState } from './replica.js';
import { REPLICA_SETTINGS, type ReplicaSettings } from './replica-settings.js';
import { walPosition } from './wal-position.js';

/** How often the primary's WAL position and each replica's are read, in the background. */
const POLL_EVERY_MS = 1_000;

/**
 * The read replicas and what is known of each: polled every second (never
 * per request) for whether it answers, is a standby, and how far behind the
 * primary it is (PrimaryWalTimeline). A replica is usable while it streams
 * and lags no more than REPLICA_MAX_LAG_SECONDS; until its first poll, while
 * down, or when it turns out not to be a standby (promoted, or a primary's
 * URL), it is skipped. State changes are logged once each.
 */
@Injectable()
export class ReplicaSet implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplicas');
  readonly replicas: readonly Replica[];
  private readonly timeline: PrimaryWalTimeline;
  private readonly reported = new Map<Replica, string>();
  private timer?: NodeJS.Timeout;
  private polling?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPLICA_SETTINGS) readonly settings: ReplicaSettings,
  ) {
    const names = replicaNames(settings.urls);
    this.replicas = settings.urls.map(
      (url, index) => new Replica(names[index], url, settings.pooler),
    );
    // A replica behind every sample kept is past the bound: keep just more than the bound.
    this.timeline = new PrimaryWalTimeline((settings.maxLagSeconds + 2) * 1000);
  }

  get configured(): boolean {
    return this.replicas.length > 0;
  }

  /** The replicas that may serve a read now. */
  usable(now = Date.now()): Replica[] {
    return this.replicas.filter(
      (replica) => replica.lagSeconds(now) <= this.settings.maxLagSeconds,
    );
  }

  /** The primary's current WAL position: where a write just committed is, at the latest. */
  async primaryPosition(): Promise<bigint> {
    const [{ lsn }] = await this.primaryPool()
      .query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
      .then((result) => result.rows);
    return walPosition(lsn);
  }

  primaryPool(): Pool {
    // TypeORM's PostgresDriver keeps its pg Pool as `master` (typed any there).
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  onApplicationBootstrap(): void {
    if (this.configured) this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.all(this.replicas.map((replica) => replica.close()));
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        if (!this.stopped) this.schedule(POLL_EVERY_MS);
      });
    }, delayMs);
    // Polling alone never keeps the process alive.
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    const at = Date.now();
    try {
      this.timeline.record(at, await this.primaryPosition());
    } catch {
      // The primary does not answer: no new sample, so the replicas age until it does.
    }
    await Promise.all(this.replicas.map((replica) => replica.poll(this.timeline)));
    for (const replica of this.replicas) this.report(replica);
  }

  private report(replica: Replica): void {
    const lag = replica.lagSeconds(Date.now());
    const verdict = describe(replica.state, lag, this.settings.maxLagSeconds);
    if (this.reported.get(replica) === verdict) return;
    this.reported.set(replica, verdict);
    if (verdict === 'serving reads') {
      this.logger.log(`Replica ${replica.name}: serving reads.`);
    } else {
      this.logger.warn(`Replica ${replica.name} skipped, its reads go to the primary: ${verdict}.`);
    }
  }
}

function describe(state: ReplicaState, lagSeconds: number, maxLagSeconds: number): string {
  switch (state.kind) {
    case 'unknown':
      return 'not polled yet';
    case 'down':
      return `does not answer (${state.reason})`;
    case 'not_standby':
      return 'not a standby (promoted, or the URL of a primary)';
    case 'streaming':
      return lagSeconds <= maxLagSeconds
        ? 'serving reads'
        : `more than REPLICA_MAX_LAG_SECONDS (${maxLagSeconds} s) behind the primary`;
  }
}
