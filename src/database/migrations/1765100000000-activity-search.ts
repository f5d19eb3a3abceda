import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the console's search of the activity log, each of the
 * account's rows, so that a search is an index range however large the log
 * (one per month partition, like the log's other indexes):
 *
 * - by request id (whole),
 * - by operation, newest first (a search for `listSites` pages like the log),
 * - by path with `text_pattern_ops`, which answers `path LIKE '/api/v1/sites%'`
 *   in any collation.
 *
 * A search by article id compares paths and row ids (the primary key). The
 * indexes are built in the migration's transaction; while they are, writes to
 * the log wait (each replica buffers them).
 */
export class ActivitySearch1765100000000 implements MigrationInterface {
  name = 'ActivitySearch1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    for (const [name, definition] of INDEXES) {
      await q.query(`CREATE INDEX ${name} ON learning_log ${definition}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await q.query(`DROP INDEX ${name}`);
  }
}

const INDEXES: Array<[string, string]> = [
  ['ix_learning_log_account_request', '(account_id, request_id) WHERE request_id IS NOT NULL'],
  [
    'ix_learning_log_account_operation',
    '(account_id, operation, occurred_at DESC, id DESC) WHERE operation IS NOT NULL',
  ],
  ['ix_learning_log_account_path', '(account_id, path text_pattern_ops) WHERE path IS NOT NULL'],
];
