import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDay } from '../../common/dates.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { EditLimitExceededError } from './article-edits.errors.js';

const MS_PER_DAY = 86_400_000;

/** Whose edits are counted: a key's, or an assistant's connection's. */
export type EditCounter = { keyId: number } | { connectionId: number };

/**
 * The daily edit limit: EDIT_LIMIT_PER_DAY successful edits per key (or per
 * assistant connection) per UTC day, counted in PostgreSQL
 * (daily_edit_counts, daily_connection_edit_counts) by the transaction that
 * saves the edit. The conditional upsert locks the key's row for the day, so
 * concurrent edits take turns and the count can never pass the limit; an
 * edit that fails later rolls its count back with everything else.
 */
@Injectable()
export class EditLimitService {
  private readonly limit: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.editLimitPerDay;
  }

  /** Counts one edit by `counter` today, or refuses it with 429 once today's edits are used up. */
  async consume(
    manager: EntityManager,
    counter: EditCounter,
    now: Date = new Date(),
  ): Promise<void> {
    const [table, column, id] =
      'keyId' in counter
        ? ['daily_edit_counts', 'key_id', counter.keyId]
        : ['daily_connection_edit_counts', 'connection_id', counter.connectionId];
    const counted = await manager.query<unknown[]>(
      `INSERT INTO ${table} AS c (${column}, day, count) VALUES ($1, $2, 1)
       ON CONFLICT (${column}, day) DO UPDATE SET count = c.count + 1 WHERE c.count < $3
       RETURNING c.count`,
      [id, formatDay(now), this.limit],
    );
    if (counted.length === 0) {
      throw new EditLimitExceededError(this.limit, secondsUntilUtcMidnight(now));
    }
  }
}

/** Whole seconds from `now` to the next midnight UTC, when the day's count starts again. */
export function secondsUntilUtcMidnight(now: Date): number {
  const midnight = (Math.floor(now.getTime() / MS_PER_DAY) + 1) * MS_PER_DAY;
  return Math.ceil((midnight - now.getTime()) / 1000);
}
