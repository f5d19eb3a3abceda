import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily edit limit's counters: one row per key and UTC day.
 *
 * An edit increments its row in the same transaction that saves it, with
 * `INSERT … ON CONFLICT DO UPDATE … WHERE count < limit`: PostgreSQL takes
 * the row lock and re-checks the count against the committed value, so
 * concurrent edits queue on the row and never overshoot, and a rolled-back
 * edit leaves the count as it was. The primary key is the only index the
 * counter needs.
 */
export class DailyEditCounts1764028800000 implements MigrationInterface {
  name = 'DailyEditCounts1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE daily_edit_counts (
        key_id integer NOT NULL CONSTRAINT fk_daily_edit_counts_key REFERENCES api_keys (id) ON DELETE CASCADE,
        day date NOT NULL,
        count integer NOT NULL CONSTRAINT ck_daily_edit_counts_count CHECK (count > 0),
        CONSTRAINT pk_daily_edit_counts PRIMARY KEY (key_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE daily_edit_counts`);
  }
}
