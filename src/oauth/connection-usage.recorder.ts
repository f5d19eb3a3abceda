import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LastUsedWriter } from '../database/index.js';

/** Keeps `oauth_connections.last_used_at` off the request path. */
@Injectable()
export class ConnectionUsageRecorder extends LastUsedWriter {
  constructor(dataSource: DataSource) {
    super(dataSource);
  }

  protected write(ids: number[], usedAt: Date[]): Promise<unknown> {
    return this.dataSource.query(
      `UPDATE oauth_connections c SET last_used_at = GREATEST(c.last_used_at, u.used_at)
         FROM unnest($1::int[], $2::timestamptz[]) AS u(id, used_at)
        WHERE c.id = u.id`,
      [ids, usedAt],
    );
  }
}
