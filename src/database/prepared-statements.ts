import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool, QueryResultRow } from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { isNamedStatementLost, isTransactionPooled } from './pooler.js';
import { ReadRouter } from './replicas/read-router.js';

/**
 * The read paths build a few dozen statement shapes (a list's filters, a
 * shallow or a deep page); more distinct texts than this would mean SQL built
 * per value, and those run unnamed rather than fill every connection with
 * statements used once.
 */
const MAX_NAMED_STATEMENTS = 256;

/**
 * Runs the statements of the hot read paths (list pages, totals, stats) as
 * named prepared statements on the pool ReadRouter chooses (a read replica,
 * or TypeORM's own pool on the primary), so each connection parses
 * a shape once and PostgreSQL may keep its plan: about 0.3 ms of PostgreSQL
 * CPU less per list page than an unnamed statement parsed and planned for
 * every request. A cached plan is generic only when PostgreSQL judges it no
 * worse than planning for the values (`plan_cache_mode = auto`); these
 * statements are shaped so that the index matching their filter and order is
 * the plan for any site. A statement is named by its text, so a shape keeps
 * its name on every connection, and a new shape is prepared on each
 * connection the first time it runs there.
 *
 * Through a transaction pooler (DATABASE_POOLER=pgbouncer) every statement is
 * unnamed: the next statement of a connection may reach another server
 * connection, which lacks the name or has it already. Should that happen
 * without the setting (a PgBouncer told to ignore the startup parameter that
 * gives it away), the statement is run again unnamed, and so is every later
 * one, with a warning saying what to set.
 */
@Injectable()
export class PreparedStatements {
  private readonly logger = new Logger(PreparedStatements.name);
  private readonly names = new Map<string, string>();
  private named: boolean;

  constructor(
    private readonly router: ReadRouter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.named = !isTransactionPooled(config.databasePooler);
  }

  query<T extends QueryResultRow>(text: string, values: readonly unknown[]): Promise<T[]> {
    return this.router.run((pool) => this.run<T>(pool, text, values));
  }

  private async run<T extends QueryResultRow>(
    pool: Pool,
    text: string,
    values: readonly unknown[],
  ): Promise<T[]> {
    const name = this.named ? this.nameOf(text) : undefined;
    try {
      return (await pool.query<T>({ name, text, values: [...values] })).rows;
    } catch (error) {
      if (name === undefined || !isNamedStatementLost(error)) throw error;
      this.stopNaming(error);
      return (await pool.query<T>(text, [...values])).rows;
    }
  }

  private stopNaming(error: unknown): void {
    if (!this.named) return;
    this.named = false;
    this.logger.warn(
      `Named prepared statements fail on this database connection (${(error as Error).message}): DATABASE_URL seems to lead to a transaction pooler. Every statement runs unnamed from now on; set DATABASE_POOLER=pgbouncer to start that way.`,
    );
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_STATEMENTS) {
      name = `content_api_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}
