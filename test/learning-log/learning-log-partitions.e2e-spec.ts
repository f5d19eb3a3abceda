import { DataSource } from 'typeorm';
import {
  addMonths,
  LogMonth,
  monthOf,
  partitionName,
} from '../../src/learning-log/learning-log-months.js';
import { LearningLogPartitions } from '../../src/learning-log/learning-log-partitions.js';
import {
  LEARNING_LOG_PARTITIONS,
  LEARNING_LOG_RETENTION,
} from '../../src/learning-log/learning-log-upkeep.jobs.js';
import { LearningLogReader } from '../../src/learning-log/learning-log.reader.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import type { CallRecord } from '../../src/learning-log/call-record.js';
import { runCli } from '../../src/cli/main.js';
import { JobQueue } from '../../src/jobs/job-queue.service.js';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { waitForJobs } from '../support/job-instances.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** The 15th of a month, noon UTC. */
function midMonth({ year, month }: LogMonth): Date {
  return new Date(Date.UTC(year, month - 1, 15, 12));
}

function day({ year, month }: LogMonth, date: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Every "Relation Name" in an EXPLAIN (FORMAT JSON) plan. */
function relationsOf(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(relationsOf);
  if (plan === null || typeof plan !== 'object') return [];
  const node = plan as Record<string, unknown>;
  const own = typeof node['Relation Name'] === 'string' ? [node['Relation Name']] : [];
  return [...own, ...Object.values(node).flatMap(relationsOf)];
}

/**
 * The database as a read service sees it, except that each statement is
 * first explained: `plans` collects the relations each one would read.
 */
function explaining(db: DataSource, plans: string[][]): DataSource {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'query') return Reflect.get(target, property) as unknown;
      return async (sql: string, params?: unknown[]) => {
        const [row] = await target.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        plans.push(
          relationsOf(row['QUERY PLAN']).filter((name) => name.startsWith('learning_log')),
        );
        return target.query(sql, params);
      };
    },
  });
}

/**
 * The learning log partitioned by month: months made ahead and rows the
 * DEFAULT partition caught rehomed by a scheduled job, months past the
 * retention dropped whole, and a read of a date range reading only its months.
 */
describe('The learning log by month', () => {
  let t: TestApp;
  let owner: SeededAccount;
  const now = new Date();
  const current = monthOf(now);

  const partitions = () => t.app.get(LearningLogPartitions).partitions();
  const countIn = async (table: string) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
  async function runJob(queue: typeof LEARNING_LOG_PARTITIONS): Promise<void> {
    await waitForJobs(t.db, [await t.app.get(JobQueue).send(queue, {})]);
  }
  function call(occurredAt: Date, requestId: string): CallRecord {
    return {
      occurredAt,
      channel: 'api',
      operation: 'listSites',
      method: 'GET',
      path: '/api/v1/sites',
      status: 200,
      durationMs: 2,
      accountId: owner.accountId,
      keyId: owner.keyId,
      requestId,
      clientAddress: '127.0.0.1',
      userAgent: null,
      error: null,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('schedules the upkeep and the retention as daily jobs', async () => {
    const schedules = await t.db.query(
      `SELECT name, cron, timezone FROM pgboss.schedule WHERE name LIKE 'learning-log-%' ORDER BY name`,
    );
    expect(schedules).toEqual([
      { name: LEARNING_LOG_PARTITIONS.name, cron: '7 0 * * *', timezone: 'UTC' },
      { name: LEARNING_LOG_RETENTION.name, cron: '37 3 * * *', timezone: 'UTC' },
    ]);
  });

  it('has the current month and the next three ahead, and the upkeep job remakes one that is missing', async () => {
    const ahead = [0, 1, 2, 3].map((n) => partitionName(addMonths(current, n)));
    expect(await partitions()).toEqual(expect.arrayContaining([...ahead, 'learning_log_default']));

    await t.db.query(`DROP TABLE ${ahead[3]}`);
    await runJob(LEARNING_LOG_PARTITIONS);
    expect(await partitions()).toContain(ahead[3]);

    // Five months on, the upkeep makes the months from then to three ahead of then.
    const later = addMonths(current, 5);
    const created = await t.app.get(LearningLogPartitions).upkeep(midMonth(later));
    expect(created).toEqual([5, 6, 7, 8].map((n) => partitionName(addMonths(current, n))));
    for (const name of created) {
      const [{ options }] = await t.db.query(
        `SELECT reloptions::text AS options FROM pg_class WHERE relname = $1`,
        [name],
      );
      expect(options).toContain('autovacuum_vacuum_insert_threshold=1000');
    }
  });

  it('never fails an insert far in the past or the future: the DEFAULT partition keeps it until its month exists', async () => {
    const writer = t.app.get(LearningLogWriter);
    writer.enqueue(call(new Date('1970-01-01T00:00:00.000Z'), 'epoch'));
    writer.enqueue(call(new Date('2999-12-31T23:59:59.999Z'), 'far-future'));
    writer.enqueue(call(now, 'today'));
    await writer.flush();
    const placed = async () =>
      t.db.query(
        `SELECT request_id, tableoid::regclass::text AS partition FROM learning_log
          WHERE request_id IN ('epoch', 'far-future', 'today') ORDER BY occurred_at`,
      );
    expect(await placed()).toEqual([
      { request_id: 'epoch', partition: 'learning_log_default' },
      { request_id: 'today', partition: partitionName(current) },
      { request_id: 'far-future', partition: 'learning_log_default' },
    ]);

    await runJob(LEARNING_LOG_PARTITIONS);
    expect(await placed()).toEqual([
      { request_id: 'epoch', partition: 'learning_log_y1970m01' },
      { request_id: 'today', partition: partitionName(current) },
      { request_id: 'far-future', partition: 'learning_log_y2999m12' },
    ]);
    expect(await countIn('learning_log_default')).toBe(0);
  });

  it('drops, by the retention job, exactly the months that ended 400 days ago or more, and keeps the rest', async () => {
    const writer = t.app.get(LearningLogWriter);
    const aYearAgo = addMonths(current, -12);
    const longAgo = addMonths(current, -15);
    writer.enqueue(call(midMonth(aYearAgo), 'a-year-ago'));
    writer.enqueue(call(midMonth(longAgo), 'long-ago'));
    await writer.flush();
    await t.app.get(LearningLogPartitions).upkeep();
    const before = await partitions();
    const rowsBefore = await countIn('learning_log');

    await runJob(LEARNING_LOG_RETENTION);
    const after = await partitions();
    // A year ago ended less than 400 days ago; fifteen months ago, more.
    expect(before.filter((name) => !after.includes(name)).sort()).toEqual(
      ['learning_log_y1970m01', partitionName(longAgo)].sort(),
    );
    expect(after).toEqual(
      expect.arrayContaining([partitionName(aYearAgo), 'learning_log_y2999m12']),
    );
    expect(await countIn('learning_log')).toBe(rowsBefore - 2);
    const left = await t.db.query(
      `SELECT request_id FROM learning_log WHERE request_id IN ('epoch', 'long-ago', 'a-year-ago')`,
    );
    expect(left).toEqual([{ request_id: 'a-year-ago' }]);
  });

  describe("an account's log for a date range", () => {
    const previous = addMonths(current, -1);
    const before = addMonths(current, -2);
    let ids: string[];

    beforeAll(async () => {
      const writer = t.app.get(LearningLogWriter);
      for (const [month, label] of [
        [before, 'before'],
        [previous, 'previous'],
        [current, 'current'],
      ] as const) {
        for (let i = 0; i < 3; i++) {
          writer.enqueue(call(new Date(midMonth(month).getTime() + i * 60_000), `${label}-${i}`));
        }
      }
      await writer.flush();
      await t.app.get(LearningLogPartitions).upkeep();
      ids = (
        await t.db.query<Array<{ id: string }>>(
          `SELECT id FROM learning_log WHERE request_id LIKE 'previous-%' ORDER BY occurred_at DESC`,
        )
      ).map((row) => row.id);
    });

    it('reads only the partition of its month, on the activity page (pages after the first too) and in `log list`', async () => {
      const plans: string[][] = [];
      const db = explaining(t.db, plans);
      const range = { from: day(previous, 1), to: day(previous, 28) };

      const page = await new LearningLogReader(db).page(owner.accountId, range, 2);
      expect(page.rows.map((row) => row.request_id)).toEqual(['previous-2', 'previous-1']);
      const next = await new LearningLogReader(db).page(
        owner.accountId,
        { ...range, before: ids[1] },
        2,
      );
      expect(next.rows.map((row) => row.request_id)).toEqual(['previous-0']);
      const listed = await new LearningLogReader(db).list(owner.accountId, range);
      expect(listed.map((row) => row.request_id)).toEqual([
        'previous-2',
        'previous-1',
        'previous-0',
      ]);

      expect(plans).toHaveLength(3);
      for (const relations of plans) {
        expect(new Set(relations)).toEqual(new Set([partitionName(previous)]));
      }
    });

    it('reads the partitions of both months for a range across two', async () => {
      const plans: string[][] = [];
      await new LearningLogReader(explaining(t.db, plans)).list(owner.accountId, {
        from: day(before, 20),
        to: day(previous, 10),
      });
      expect(new Set(plans[0])).toEqual(new Set([partitionName(before), partitionName(previous)]));
    });

    it('is what `content-api log list --from --to` prints, and a reversed range is refused', async () => {
      const run = async (args: string[]) => {
        const out = { code: 0, stdout: '', stderr: '' };
        out.code = await runCli(['log', 'list', '--account', String(owner.accountId), ...args], {
          env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
          stdout: (text) => (out.stdout += text),
          stderr: (text) => (out.stderr += text),
        });
        return out;
      };
      const listed = await run(['--from', day(previous, 1), '--to', day(previous, 28), '--json']);
      expect(listed.code).toBe(0);
      expect(
        JSON.parse(listed.stdout).map((row: { request_id: string }) => row.request_id),
      ).toEqual(['previous-2', 'previous-1', 'previous-0']);
      const reversed = await run(['--from', day(previous, 2), '--to', day(previous, 1)]);
      expect(reversed).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'error: --from is after --to.\n',
      });
      const notADay = await run(['--from', '2026-02-30']);
      expect(notADay.code).not.toBe(0);
      expect(notADay.stderr).toMatch(/It must be a date as YYYY-MM-DD/);
    });
  });
});
