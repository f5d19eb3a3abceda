import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learning log: one row per API or agent call.
 *
 * - The id is made by the writer (a time-ordered UUID), so that a batch
 *   retried after a lost acknowledgement inserts nothing twice
 *   (`ON CONFLICT (id) DO NOTHING`), and new rows land at the end of the
 *   primary-key index.
 * - No foreign keys: the log outlives keys and accounts, and a row naming a
 *   since-deleted key must not fail the batch it travels in.
 * - (account_id, occurred_at DESC, id DESC) serves `log list --account`
 *   newest first; (occurred_at) lets the pruner take the oldest rows in small
 *   batches without scanning the table.
 */
export class LearningLog1763942400000 implements MigrationInterface {
  name = 'LearningLog1763942400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE learning_log (
        id uuid PRIMARY KEY,
        occurred_at timestamptz NOT NULL,
        account_id integer,
        key_id integer,
        channel text NOT NULL CONSTRAINT ck_learning_log_channel CHECK (channel IN ('api', 'mcp')),
        operation text,
        method text,
        path text,
        status integer NOT NULL,
        duration_ms integer NOT NULL,
        request_id text,
        client_address text,
        user_agent text,
        error text
      )`);
    await q.query(
      `CREATE INDEX ix_learning_log_account_time ON learning_log (account_id, occurred_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX ix_learning_log_occurred_at ON learning_log (occurred_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE learning_log`);
  }
}
