import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The white label of an account's reports (src/report/brand/): the name the
 * HTML and PDF reports and the console's report pages show instead of the
 * account's, and a logo beside it. One row an account, made the first time
 * an owner saves the form; no row means the account's name and no logo.
 *
 * - `display_name` null: the account's name.
 * - The logo is stored here as bytes (at most 512 KB, PNG or SVG already
 *   sanitised): it is read with the report, which must not depend on the
 *   media storage being reachable, and it is small. Its type and bytes are
 *   both set or both null.
 * - `updated_by` keeps who saved it last; a person removed later leaves it null.
 */
export class ReportBrands1765000000000 implements MigrationInterface {
  name = 'ReportBrands1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE report_brands (
        account_id integer NOT NULL
          CONSTRAINT fk_report_brands_account REFERENCES accounts (id) ON DELETE CASCADE,
        display_name text
          CONSTRAINT ck_report_brands_display_name CHECK (char_length(display_name) BETWEEN 1 AND 100),
        logo_media_type text
          CONSTRAINT ck_report_brands_logo_media_type CHECK (logo_media_type IN ('image/png', 'image/svg+xml')),
        logo bytea
          CONSTRAINT ck_report_brands_logo_size CHECK (octet_length(logo) <= 524288),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer
          CONSTRAINT fk_report_brands_updated_by REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT pk_report_brands PRIMARY KEY (account_id),
        CONSTRAINT ck_report_brands_logo_whole CHECK ((logo IS NULL) = (logo_media_type IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE report_brands`);
  }
}
