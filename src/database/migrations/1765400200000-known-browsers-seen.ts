import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each known browser last signed in (`known_browsers.last_seen_at`), so
 * that the browsers not seen for longer than their cookie lives (a year) can
 * be forgotten by a daily job instead of piling up: a browser whose cookie
 * is gone cannot be recognised anyway. Existing rows start from when they
 * were first seen.
 */
export class KnownBrowsersSeen1765400200000 implements MigrationInterface {
  name = 'KnownBrowsersSeen1765400200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE known_browsers ADD COLUMN last_seen_at timestamptz`);
    await q.query(`UPDATE known_browsers SET last_seen_at = first_seen_at`);
    await q.query(`
      ALTER TABLE known_browsers ALTER COLUMN last_seen_at SET NOT NULL,
                                 ALTER COLUMN last_seen_at SET DEFAULT now()`);
    await q.query(`CREATE INDEX ix_known_browsers_last_seen ON known_browsers (last_seen_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_known_browsers_last_seen`);
    await q.query(`ALTER TABLE known_browsers DROP COLUMN last_seen_at`);
  }
}
