import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LastUsedWriter } from '../database/index.js';

/** Keeps `api_keys.last_used_at` off the request path. */
@Injectable()
export class KeyUsageRecorder extends LastUsedWriter {
  constructor(dataSource: DataSource) {
    super(dataSource);
  }

  protected write(ids: number[], usedAt: Date[]): Promise<unknown> {
    return this.dataSource.query(
      `UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, u.used_at)
         FROM unnest($1::int[], $2::timestamptz[]) AS u(id, used_at)
        WHERE k.id = u.id`,
      [ids, usedAt],
    );
  }
}
