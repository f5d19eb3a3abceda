import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key rotation: a rotated key names the key that replaces it
 * (`replaced_by_key_id`), and its `revoked_at` is the end of the overlap the
 * person picked — in the future while both keys work. A key works while
 * `revoked_at` is null or still ahead, so the old key is revoked at that
 * moment on every replica with nothing to run then.
 */
export class KeyRotation1765100200000 implements MigrationInterface {
  name = 'KeyRotation1765100200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys ADD COLUMN replaced_by_key_id integer
        CONSTRAINT fk_api_keys_replaced_by REFERENCES api_keys (id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    // A key in its overlap would work for good once the column's meaning is gone: end it now.
    await q.query(`UPDATE api_keys SET revoked_at = now() WHERE revoked_at > now()`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN replaced_by_key_id`);
  }
}
