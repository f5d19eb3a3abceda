import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { NotFoundError } from '../common/errors/api-error.js';
import { formatTimestamp } from '../common/dates.js';
import { generateApiKey, hashApiKey, keyPrefix } from './api-key.codec.js';
import { Account } from './entities/account.entity.js';
import { ApiKey } from './entities/api-key.entity.js';
import { Scope } from '../common/request/scopes.js';

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

/** The longest a rotated key keeps working beside its replacement. */
export const MAX_ROTATION_OVERLAP_HOURS = 7 * 24;

/** Why a key cannot be rotated: it no longer works, or it was rotated already. */
export class KeyNotRotatableError extends Error {
  constructor(readonly reason: 'inactive' | 'rotated') {
    super(
      reason === 'rotated'
        ? 'This key has been rotated already; rotate its replacement instead.'
        : 'Only a working key can be rotated; this one is revoked or expired.',
    );
    this.name = 'KeyNotRotatableError';
  }
}

/** A rotation: the new key (its secret, once), and when the old one stops working. */
export interface RotatedKey {
  created: CreatedKey;
  name: string | null;
  old: { id: number; prefix: string; revoked_at: Date };
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
      (found.revokedAt === null || found.revokedAt.getTime() > Date.now()) &&
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
    const now = new Date();
    if (key.revokedAt === null) {
      await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: now });
    } else if (key.revokedAt > now) {
      // A rotated key in its overlap: revoking it ends the overlap now.
      await this.keys.update({ id, revokedAt: MoreThan(now) }, { revokedAt: now });
    }
    return toView(await this.keys.findOneByOrFail({ id }));
  }

  /**
   * Rotates a working key of the account: a new key with the same name,
   * scopes and last day, made by `userId`, and the old one kept working for
   * `overlapHours` (0 to MAX_ROTATION_OVERLAP_HOURS), then revoked. One
   * transaction with the old key's row locked: rotating twice at once makes
   * one new key, the second is refused as already rotated.
   */
  async rotateOnAccount(
    accountId: number,
    id: number,
    overlapHours: number,
    userId: number,
  ): Promise<RotatedKey> {
    if (
      !Number.isInteger(overlapHours) ||
      overlapHours < 0 ||
      overlapHours > MAX_ROTATION_OVERLAP_HOURS
    ) {
      throw new RangeError(`The overlap must be 0 to ${MAX_ROTATION_OVERLAP_HOURS} hours.`);
    }
    return this.keys.manager.transaction(async (manager) => {
      const keys = manager.getRepository(ApiKey);
      const old = await keys.findOne({
        where: { id, accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!old) throw new NotFoundError(`Key ${id} does not exist.`);
      const now = new Date();
      if (old.replacedByKeyId !== null) throw new KeyNotRotatableError('rotated');
      if (
        (old.revokedAt !== null && old.revokedAt <= now) ||
        (old.expiresAt !== null && old.expiresAt <= now)
      ) {
        throw new KeyNotRotatableError('inactive');
      }
      const key = generateApiKey();
      const saved = await keys.save(
        keys.create({
          accountId,
          name: old.name,
          prefix: keyPrefix(key),
          keyHash: hashApiKey(key),
          scopes: old.scopes,
          expiresAt: old.expiresAt,
          createdByUserId: userId,
        }),
      );
      const until = new Date(now.getTime() + overlapHours * 3_600_000);
      // A key that expires within the overlap stops then, as it would have.
      const revokedAt = old.expiresAt !== null && old.expiresAt < until ? old.expiresAt : until;
      await keys.update({ id }, { revokedAt, replacedByKeyId: saved.id });
      return {
        name: old.name,
        created: {
          id: saved.id,
          key,
          prefix: saved.prefix,
          scopes: saved.scopes,
          expires_at: formatTimestamp(saved.expiresAt),
        },
        old: { id, prefix: old.prefix, revoked_at: revokedAt },
      };
    });
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
