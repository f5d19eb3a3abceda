import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { NotFoundError } from '../common/errors/api-error.js';
import { formatTimestamp } from '../common/dates.js';
import { generateApiKey, hashApiKey, keyPrefix } from './api-key.codec.js';
import { Account } from './entities/account.entity.js';
import { ApiKey, Scope } from './entities/api-key.entity.js';

export interface CreatedKey {
  id: number;
  key: string;
  prefix: string;
  scopes: Scope[];
  expires_at: string | null;
}

export interface KeyView {
  id: number;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  created_at: string | null;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

/** Key management for operators (the CLI) and the console. Authentication lives in Authenticator. */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
  ) {}

  async create(
    accountId: number,
    options: { name?: string; scopes?: Scope[]; expiresAt?: Date; createdByUserId?: number } = {},
  ): Promise<CreatedKey> {
    await this.assertAccount(accountId);
    const key = generateApiKey();
    const saved = await this.keys.save(
      this.keys.create({
        accountId,
        name: options.name ?? null,
        prefix: keyPrefix(key),
        keyHash: hashApiKey(key),
        scopes: options.scopes ?? ['read', 'write'],
        expiresAt: options.expiresAt ?? null,
        createdByUserId: options.createdByUserId ?? null,
      }),
    );
    return {
      id: saved.id,
      key,
      prefix: saved.prefix,
      scopes: saved.scopes,
      expires_at: formatTimestamp(saved.expiresAt),
    };
  }

  async list(accountId: number): Promise<KeyView[]> {
    await this.assertAccount(accountId);
    const keys = await this.keys.find({ where: { accountId }, order: { id: 'ASC' } });
    return keys.map(toView);
  }

  /** Whether `key` is a key of the account that is neither revoked nor expired. */
  async isActive(accountId: number, key: string): Promise<boolean> {
    const found = await this.keys.findOneBy({ accountId, keyHash: hashApiKey(key) });
    return (
      found !== null &&
      found.revokedAt === null &&
      (found.expiresAt === null || found.expiresAt.getTime() > Date.now())
    );
  }

  async revoke(id: number): Promise<KeyView> {
    const key = await this.keys.findOneBy({ id });
    if (!key) throw new NotFoundError(`Key ${id} does not exist.`);
    return this.revokeKey(key);
  }

  /** A key of the account, with who made it; 404 whether it is missing or another account's. */
  async findOnAccount(
    accountId: number,
    id: number,
  ): Promise<KeyView & { created_by_user_id: number | null }> {
    const key = await this.keys.findOneBy({ id, accountId });
    if (!key) throw new NotFoundError(`Key ${id} does not exist.`);
    return { ...toView(key), created_by_user_id: key.createdByUserId };
  }

  /** Revokes a key of the account; it stops working on every replica within 10 seconds. */
  async revokeOnAccount(accountId: number, id: number): Promise<KeyView> {
    const key = await this.keys.findOneBy({ id, accountId });
    if (!key) throw new NotFoundError(`Key ${id} does not exist.`);
    return this.revokeKey(key);
  }

  private async revokeKey(key: ApiKey): Promise<KeyView> {
    const { id } = key;
    if (key.revokedAt === null) {
      await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
    }
    return toView(await this.keys.findOneByOrFail({ id }));
  }

  private async assertAccount(accountId: number): Promise<void> {
    if (!(await this.accounts.existsBy({ id: accountId }))) {
      throw new NotFoundError(`Account ${accountId} does not exist.`);
    }
  }
}

function toView(key: ApiKey): KeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    created_at: formatTimestamp(key.createdAt),
    last_used_at: formatTimestamp(key.lastUsedAt),
    expires_at: formatTimestamp(key.expiresAt),
    revoked_at: formatTimestamp(key.revokedAt),
  };
}
