import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  addMonths,
  expiredPartitions,
  isPartitionable,
  LogMonth,
  monthsAhead,
  monthStart,
  partitionName,
} from './learning-log-months.js';

/** Any fixed number; upkeep and retention on any replica take it, inside their transactions. */
const PARTITION_LOCK_KEY = 7_406_150_303;
/**
 * How long a step waits for a lock on the log before giving up (its job is
 * retried later): dropping a month needs the whole table for an instant, and
 * while it waits, reads and writes of the log queue behind it.
 */
const LOCK_TIMEOUT = '5s';
/** Those of the migration AutovacuumAfterInserts, which a partitioned table cannot carry itself. */
const PARTITION_STORAGE = `autovacuum_analyze_scale_factor = 0.01, autovacuum_analyze_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000`;

/**
 * Keeps the learning log's month partitions (migration LearningLogByMonth):
 * the current month and the next three exist before a row needs them; rows
 * the DEFAULT partition caught (no month covered them) move into their
 * month's new partition; months past the retention are dropped whole. Each
 * month is one short transaction under a transaction-scoped advisory lock,
 * so replicas never work on the same month at once.
 */
@Injectable()
export class LearningLogPartitions {
  private readonly logger = new Logger(LearningLogPartitions.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Creates the missing partitions of the months ahead and of rows in the DEFAULT partition; returns them. */
  async upkeep(now: Date = new Date()): Promise<string[]> {
    const existing = new Set(await this.partitions());
    const wanted = [...monthsAhead(now), ...(await this.monthsInDefault())];
    const created: string[] = [];
    for (const month of wanted) {
      const name = partitionName(month);
      if (existing.has(name)) continue;
      existing.add(name);
      const moved = await this.create(month);
      created.push(name);
      this.logger.log(
        `Created learning-log partition ${name}${moved > 0 ? `, moving ${moved} rows into it from the default partition` : ''}.`,
      );
    }
    return created;
  }

  /**
   * Drops the partitions whose whole month ended at least `retentionDays`
   * ago, and the daily counts of days older than that (a few rows each);
   * returns the partitions.
   */
  async dropExpired(retentionDays: number, now: Date = new Date()): Promise<string[]> {
    await this.dataSource.query(
      `DELETE FROM learning_log_daily WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int`,
      [now, retentionDays],
    );
    const expired = expiredPartitions(await this.partitions(), now, retentionDays);
    for (const name of expired) {
      await this.locked(async (manager) => {
        await manager.query(`DROP TABLE IF EXISTS ${name}`);
      });
      this.logger.log(`Dropped learning-log partition ${name} (retention ${retentionDays} days).`);
    }
    return expired;
  }

  /** The partitions of the log, by name (the DEFAULT one included). */
  async partitions(): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'learning_log'::regclass ORDER BY c.relname`,
    );
    return rows.map((row) => row.name);
  }

  /** Months that have rows in the DEFAULT partition (usually none: it is empty). */
  private async monthsInDefault(): Promise<LogMonth[]> {
    const rows = await this.dataSource.query<Array<{ year: number; month: number }>>(
      `SELECT DISTINCT extract(year FROM month)::int AS year, extract(month FROM month)::int AS month
         FROM (SELECT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AS month
                 FROM learning_log_default) AS rows`,
    );
    // Years before 1 AD stay in the DEFAULT partition: no partition bound can name them.
    return rows.filter(isPartitionable);
  }

  /**
   * Makes the month's table beside the log, moves the month's rows out of
   * the DEFAULT partition into it, then attaches it. Attaching takes a lock
   * that lets the log's reads and writes go on (CREATE TABLE … PARTITION OF
   * would take the whole table), besides the DEFAULT partition's, which it
   * checks holds no row of the month any more. Returns the rows moved.
   */
  private create(month: LogMonth): Promise<number> {
    const name = partitionName(month);
    const from = monthStart(month);
    const to = monthStart(addMonths(month, 1));
    return this.locked(async (manager) => {
      const [{ present }] = await manager.query<Array<{ present: boolean }>>(
        `SELECT to_regclass($1) IS NOT NULL AS present`,
        [name],
      );
      if (present) return 0;
      await manager.query(
        `CREATE TABLE ${name} (LIKE learning_log INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
           WITH (${PARTITION_STORAGE})`,
      );
      const { affected } = await manager.queryRunner!.query(
        `WITH moved AS (DELETE FROM learning_log_default
                         WHERE occurred_at >= $1::timestamptz AND occurred_at < $2::timestamptz
                     RETURNING *)
         INSERT INTO ${name} SELECT * FROM moved`,
        [from, to],
        true,
      );
      await manager.query(
        `ALTER TABLE learning_log ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
      );
      return affected ?? 0;
    });
  }

  private locked<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await manager.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_KEY]);
      return work(manager);
    });
  }
}
