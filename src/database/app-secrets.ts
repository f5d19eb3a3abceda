import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The secrets the migrations made once and every replica shares: the signing
 * secret of the console's session cookie, the authorization server's cookie
 * key and signing key. Read on the primary, where the migrations wrote them.
 */
@Injectable()
export class AppSecrets {
  constructor(private readonly dataSource: DataSource) {}

  /** The secrets named, by name; a name the migrations have not made yet is absent. */
  async read(names: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.dataSource.query<Array<{ name: string; value: string }>>(
      `SELECT name, value FROM app_secrets WHERE name = ANY($1::text[])`,
      [names],
    );
    return new Map(rows.map((row) => [row.name, row.value]));
  }
}
