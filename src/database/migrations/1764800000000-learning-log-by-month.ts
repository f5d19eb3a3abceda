import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learning log partitioned by month of `occurred_at` (UTC), so that a
 * month leaves the log by dropping its table (retention) and a read of a date
 * range touches only the months of the range.
 *
 * - The existing rows move: one partition per month that holds rows, plus the
 *   current month and the next three; a DEFAULT partition takes any row no
 *   month's partition covers (a clock far off, a batch held through a long
 *   outage), so an insert never fails. The scheduled upkeep
 *   (src/learning-log/learning-log-partitions.ts) creates the months ahead from then
 *   on and moves what the DEFAULT partition caught into its month.
 * - PostgreSQL requires the partition key in every unique index: the primary
 *   key becomes (id, occurred_at). An id still names one row (ids are minted
 *   per row), and a batch retried after a lost acknowledgement still inserts
 *   nothing twice: a retried row has the same id and time.
 * - The indexes the reads use stay, each now one per partition: by account
 *   (the console's activity log, `log list`, the calls of the last 24 hours),
 *   by key, by assistant connection, the console's own actions. The index on
 *   `occurred_at` alone served only the row-by-row pruner and is gone.
 * - A partitioned table takes no storage options: the autovacuum settings of
 *   AutovacuumAfterInserts go on each partition instead.
 * - The copy runs in this migration's transaction; meanwhile log writes wait
 *   (each replica buffers up to 20,000 rows). Replicas of the previous version
 *   still running after it cannot write the log at all — their
 *   `ON CONFLICT (id)` names a key that no longer exists — and drop their
 *   buffered rows when they stop (README, "Deploying", on upgrades).
 *
 * `down` puts the rows back into a plain table with its former definition.
 */
export class LearningLogByMonth1764800000000 implements MigrationInterface {
  name = 'LearningLogByMonth1764800000000';

  async up(q: QueryRunner): Promise<void> {
    // The copy takes as long as the log is large; the pool's 30 s would cut it off.
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query(`ALTER TABLE learning_log RENAME TO learning_log_unpartitioned`);
    const months = (await q.query(`
      WITH RECURSIVE with_rows(month) AS (
        SELECT date_trunc('month', min(occurred_at) AT TIME ZONE 'UTC') FROM learning_log_unpartitioned
        UNION ALL
        SELECT (SELECT date_trunc('month', min(occurred_at) AT TIME ZONE 'UTC')
                  FROM learning_log_unpartitioned
                 WHERE occurred_at >= (month + interval '1 month') AT TIME ZONE 'UTC')
          FROM with_rows WHERE month IS NOT NULL)
      SELECT to_char(month, 'YYYY-MM') AS month FROM with_rows
       WHERE month IS NOT NULL AND month >= '0001-01-01'
      UNION
      SELECT to_char(date_trunc('month', now() AT TIME ZONE 'UTC') + n * interval '1 month', 'YYYY-MM')
        FROM generate_series(0, 3) AS n`)) as Array<{ month: string }>;
    // The old table's key and indexes give up their names to the new table's.
    await q.query(`ALTER TABLE learning_log_unpartitioned DROP CONSTRAINT learning_log_pkey`);
    for (const index of [...READ_INDEXES.map(([name]) => name), 'ix_learning_log_occurred_at']) {
      await q.query(`DROP INDEX ${index}`);
    }

    await q.query(`
      CREATE TABLE learning_log (
        ${COLUMNS},
        CONSTRAINT learning_log_pkey PRIMARY KEY (id, occurred_at),
        CONSTRAINT ck_learning_log_channel CHECK (channel IN ('api', 'mcp', 'console'))
      ) PARTITION BY RANGE (occurred_at)`);
    for (const { month } of months) {
      const [year, number] = month.split('-').map(Number);
      const next = number === 12 ? [year + 1, 1] : [year, number + 1];
      await q.query(`
        CREATE TABLE learning_log_y${pad(year, 4)}m${pad(number, 2)} PARTITION OF learning_log
          FOR VALUES FROM ('${bound(year, number)}') TO ('${bound(next[0], next[1])}')
          WITH (${AUTOVACUUM})`);
    }
    await q.query(
      `CREATE TABLE learning_log_default PARTITION OF learning_log DEFAULT WITH (${AUTOVACUUM})`,
    );

    await q.query(
      `INSERT INTO learning_log (${COLUMN_NAMES}) SELECT ${COLUMN_NAMES} FROM learning_log_unpartitioned`,
    );
    await q.query(`DROP TABLE learning_log_unpartitioned`);
    // Built after the copy: one pass per partition instead of an update per row.
    for (const [name, definition] of READ_INDEXES) {
      await q.query(`CREATE INDEX ${name} ON learning_log ${definition}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query(`ALTER TABLE learning_log RENAME TO learning_log_partitioned`);
    await q.query(`ALTER TABLE learning_log_partitioned DROP CONSTRAINT learning_log_pkey`);
    for (const [name] of READ_INDEXES) await q.query(`DROP INDEX ${name}`);

    await q.query(
      `CREATE TABLE learning_log (${COLUMNS}, CONSTRAINT learning_log_pkey PRIMARY KEY (id))`,
    );
    await q.query(
      `INSERT INTO learning_log (${COLUMN_NAMES}) SELECT ${COLUMN_NAMES} FROM learning_log_partitioned`,
    );
    await q.query(`DROP TABLE learning_log_partitioned`);
    // As WhoActed left it: added NOT VALID (every row passes it all the same).
    await q.query(`
      ALTER TABLE learning_log ADD CONSTRAINT ck_learning_log_channel
        CHECK (channel IN ('api', 'mcp', 'console')) NOT VALID`);
    await q.query(`CREATE INDEX ix_learning_log_occurred_at ON learning_log (occurred_at)`);
    for (const [name, definition] of READ_INDEXES) {
      await q.query(`CREATE INDEX ${name} ON learning_log ${definition}`);
    }
    await q.query(`ALTER TABLE learning_log SET (${AUTOVACUUM})`);
  }
}

/** The columns in their order since AssistantConnections. */
const COLUMNS = `
  id uuid NOT NULL,
  occurred_at timestamptz NOT NULL,
  account_id integer,
  key_id integer,
  channel text NOT NULL,
  operation text,
  method text,
  path text,
  status integer NOT NULL,
  duration_ms integer NOT NULL,
  request_id text,
  client_address text,
  user_agent text,
  error text,
  user_id integer,
  connection_id integer`;

const COLUMN_NAMES = `id, occurred_at, account_id, key_id, channel, operation, method, path, status,
  duration_ms, request_id, client_address, user_agent, error, user_id, connection_id`;

const READ_INDEXES: Array<[string, string]> = [
  ['ix_learning_log_account_time', '(account_id, occurred_at DESC, id DESC)'],
  ['ix_learning_log_key_time', '(key_id, occurred_at DESC, id DESC) WHERE key_id IS NOT NULL'],
  [
    'ix_learning_log_console_time',
    `(account_id, occurred_at DESC, id DESC) WHERE channel = 'console'`,
  ],
  [
    'ix_learning_log_connection_time',
    '(connection_id, occurred_at DESC, id DESC) WHERE connection_id IS NOT NULL',
  ],
];

/** AutovacuumAfterInserts's settings, in its order (the migration test compares them as text). */
const AUTOVACUUM = `autovacuum_analyze_scale_factor = 0.01, autovacuum_analyze_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000`;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Midnight UTC on the first of the month. */
function bound(year: number, month: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-01 00:00:00+00`;
}
