import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outgoing email in the activity log (src/mail): channel `email`, one row per
 * message sent or failed, with its recipient and subject — never its body,
 * which may hold a one-time link.
 *
 * - `mail_to`, `mail_subject`: null on every other channel. Adding nullable
 *   columns without a default rewrites nothing, however large the log.
 * - The wider channel check is added NOT VALID, as in WhoActed: every row
 *   passed the narrower one, so no scan of the log runs under the lock.
 */
export class MailLog1765200000000 implements MigrationInterface {
  name = 'MailLog1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE learning_log ADD COLUMN mail_to text, ADD COLUMN mail_subject text`);
    await q.query(`ALTER TABLE learning_log DROP CONSTRAINT ck_learning_log_channel`);
    await q.query(`
      ALTER TABLE learning_log ADD CONSTRAINT ck_learning_log_channel
        CHECK (channel IN ('api', 'mcp', 'console', 'email')) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM learning_log WHERE channel = 'email'`);
    await q.query(`ALTER TABLE learning_log DROP CONSTRAINT ck_learning_log_channel`);
    // Validated, as LearningLogByMonth made it: the email rows are gone, so every row passes.
    await q.query(`
      ALTER TABLE learning_log ADD CONSTRAINT ck_learning_log_channel
        CHECK (channel IN ('api', 'mcp', 'console'))`);
    await q.query(`ALTER TABLE learning_log DROP COLUMN mail_subject, DROP COLUMN mail_to`);
  }
}
