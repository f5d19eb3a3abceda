import { Injectable } from '@nestjs/common';
import { ApiKeyListings } from '../auth/index.js';
import { ConnectionsService } from '../oauth/index.js';
import { UserDirectory } from '../users/index.js';
import type { ActorColumns } from './views/who.js';

/** Who acted on a row, by id (a learning-log row, a revision). */
export interface ActorIds {
  key_id: number | null;
  user_id: number | null;
  connection_id: number | null;
}

/**
 * The names of whoever acted on a page's rows: keys from auth, people from
 * users, assistants from oauth — each owner asked once for the ids of the
 * whole page, at the same time, rather than joined into another module's
 * query. Only the account's own are named.
 */
@Injectable()
export class ActorNames {
  constructor(
    private readonly keys: ApiKeyListings,
    private readonly people: UserDirectory,
    private readonly assistants: ConnectionsService,
  ) {}

  /** The actor columns of each row, in the rows' order. */
  async of(accountId: number, rows: readonly ActorIds[]): Promise<ActorColumns[]> {
    const ids = (pick: (row: ActorIds) => number | null) =>
      rows.flatMap((row) => (pick(row) === null ? [] : [pick(row)!]));
    const [keys, people, assistants] = await Promise.all([
      this.keys.labelsOf(
        accountId,
        ids((row) => row.key_id),
      ),
      this.people.namesOf(
        accountId,
        ids((row) => row.user_id),
      ),
      this.assistants.assistantNames(
        accountId,
        ids((row) => row.connection_id),
      ),
    ]);
    return rows.map((row) => {
      const key = row.key_id === null ? undefined : keys.get(row.key_id);
      const person = row.user_id === null ? undefined : people.get(row.user_id);
      return {
        key_name: key?.name ?? null,
        key_prefix: key?.prefix ?? null,
        user_name: person?.name ?? null,
        user_email: person?.email ?? null,
        assistant_name:
          row.connection_id === null ? null : (assistants.get(row.connection_id) ?? null),
      };
    });
  }
}
