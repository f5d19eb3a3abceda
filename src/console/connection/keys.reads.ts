import { Injectable } from '@nestjs/common';
import { ApiKeyListings, type KeyListing } from '../../auth/index.js';
import { UserDirectory } from '../../users/index.js';

export interface KeyRow extends KeyListing {
  /** The name (or email) of the person who made it in the console. */
  created_by: string | null;
}

/** The account's keys as the connection area lists them: working ones first, newest first. */
@Injectable()
export class KeysReads {
  constructor(
    private readonly keys: ApiKeyListings,
    private readonly people: UserDirectory,
  ) {}

  async list(accountId: number): Promise<KeyRow[]> {
    const keys = await this.keys.list(accountId);
    const makers = await this.people.namesOf(
      accountId,
      keys.flatMap((key) => (key.created_by_user_id === null ? [] : [key.created_by_user_id])),
    );
    return keys.map((key) => {
      const maker =
        key.created_by_user_id === null ? undefined : makers.get(key.created_by_user_id);
      return { ...key, created_by: maker ? (maker.name ?? maker.email) : null };
    });
  }
}
