import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who acted, where people now act too.
 *
 * - `api_keys.created_by_user_id`: the user who made a key in the console
 *   (null for the operator's keys).
 * - `article_revisions.user_id`: the user who made a revision (a console
 *   restore); `log_entry_id`: the learning-log row of the request that made
 *   it, so the activity log links an edit to its revision. The log row's id is
 *   minted by the server, unlike the request id a client may choose or reuse.
 *   No foreign key: log rows are pruned, revisions are kept.
 * - `learning_log`: channel `console` and the user who acted there. The two
 *   partial indexes serve the activity log's filters by key and by the
 *   console channel without slowing the API's own inserts much; filters by
 *   `api`/`mcp` and status class ride the account index, as most rows match.
 *   Building them on a large log holds up log inserts for a while; the
 *   learning-log writer keeps its rows buffered meanwhile.
 * - The wider channel check is added NOT VALID: every existing row passed the
 *   narrower one, so there is nothing to validate, and no scan of the log runs
 *   under the table lock.
 */
export class WhoActed1764400200000 implements MigrationInterface {
  name = 'WhoActed1764400200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN created_by_user_id integer CONSTRAINT fk_api_keys_created_by REFERENCES users (id) ON DELETE SET NULL`);

    await q.query(`
      ALTER TABLE article_revisions
        ADD COLUMN user_id integer CONSTRAINT fk_article_revisions_user REFERENCES users (id) ON DELETE SET NULL,
        ADD COLUMN log_entry_id uuid`);
    await q.query(
      `CREATE INDEX ix_article_revisions_log_entry ON article_revisions (log_entry_id) WHERE log_entry_id IS NOT NULL`,
    );

    await q.query(`ALTER TABLE learning_log ADD COLUMN user_id integer`);
    await q.query(`ALTER TABLE learning_log DROP CONSTRAINT ck_learning_log_channel`);
    await q.query(`
      ALTER TABLE learning_log ADD CONSTRAINT ck_learning_log_channel
        CHECK (channel IN ('api', 'mcp', 'console')) NOT VALID`);
    await q.query(
      `CREATE INDEX ix_learning_log_key_time ON learning_log (key_id, occurred_at DESC, id DESC) WHERE key_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX ix_learning_log_console_time ON learning_log (account_id, occurred_at DESC, id DESC) WHERE channel = 'console'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_learning_log_console_time`);
    await q.query(`DROP INDEX ix_learning_log_key_time`);
    await q.query(`DELETE FROM learning_log WHERE channel = 'console'`);
    await q.query(`ALTER TABLE learning_log DROP CONSTRAINT ck_learning_log_channel`);
    await q.query(`
      ALTER TABLE learning_log ADD CONSTRAINT ck_learning_log_channel CHECK (channel IN ('api', 'mcp'))`);
    await q.query(`ALTER TABLE learning_log DROP COLUMN user_id`);
    await q.query(`ALTER TABLE article_revisions DROP COLUMN log_entry_id, DROP COLUMN user_id`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN created_by_user_id`);
  }
}
