import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `learning_log_daily`: each account's API and agent calls per UTC day and
 * status class (`2xx`, `3xx`, `4xx`, `5xx`), the agent server's connection
 * upkeep (`initialize`, `tools/list`, `GET /mcp`…) left out — the console
 * overview's 30-day chart, which would otherwise count up to a month of the
 * log on every visit (seconds for an account with a million calls). The
 * learning-log writer adds each batch's inserted rows in the same statement;
 * this migration counts the rows already logged. Retention removes the days
 * it removes from the log.
 */
export class CallsByDay1765100100000 implements MigrationInterface {
  name = 'CallsByDay1765100100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query(`
      CREATE TABLE learning_log_daily (
        account_id integer NOT NULL,
        day date NOT NULL,
        status_class text NOT NULL CONSTRAINT ck_learning_log_daily_class
          CHECK (status_class IN ('2xx', '3xx', '4xx', '5xx')),
        calls integer NOT NULL,
        CONSTRAINT pk_learning_log_daily PRIMARY KEY (account_id, day, status_class)
      )`);
    await q.query(`
      INSERT INTO learning_log_daily (account_id, day, status_class, calls)
      SELECT account_id, (occurred_at AT TIME ZONE 'UTC')::date,
             CASE WHEN status >= 500 THEN '5xx' WHEN status >= 400 THEN '4xx'
                  WHEN status >= 300 THEN '3xx' ELSE '2xx' END,
             count(*)::int
        FROM learning_log
       WHERE account_id IS NOT NULL AND channel IN ('api', 'mcp')
         AND NOT (channel = 'mcp' AND operation IS NOT NULL
                  AND (operation IN ('initialize', 'ping', 'mcp')
                       OR (operation LIKE '%/%' AND operation <> 'tools/call')))
       GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE learning_log_daily`);
  }
}
