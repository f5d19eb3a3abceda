import { Inject, Injectable } from '@nestjs/common';
import { AccountsService, ApiKeysService, generateApiKey } from '../auth/index.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SessionLocks } from '../database/index.js';
import { ImportService } from '../import/index.js';
import { SitesRepository } from '../sites/index.js';
import { UsersService } from '../users/index.js';
import { DemoSecretFile } from './demo-secret-file.js';
import { generateDemoDocument } from './demo-data.generator.js';

export const DEMO_ACCOUNT_NAME = 'Demo Agency';
export const DEMO_USER_EMAIL = 'demo@example.com';
const DEMO_USER_NAME = 'Demo Owner';
const DEMO_KEY_NAME = 'demo';
/** Any fixed number: held while the demo account is looked for or created. */
const DEMO_LOCK = 7_406_150_303;

export interface DemoAccess {
  account_id: number;
  key: string;
  /** The demo user, an owner of the account, and their password, for the console. */
  email: string;
  password: string;
}

/**
 * The demo account ("Demo Agency", agency plan) and its data, loaded through
 * the import like any other data. Creating it is idempotent: replicas or CLI
 * runs that race take turns under an advisory lock, and an account whose data
 * is missing gets it (the import matches by ref, so nothing is duplicated).
 */
@Injectable()
export class DemoService {
  private readonly keyStore: DemoSecretFile;
  private readonly passwordStore: DemoSecretFile;

  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
    private readonly users: UsersService,
    private readonly importer: ImportService,
    private readonly sites: SitesRepository,
    private readonly locks: SessionLocks,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keyStore = new DemoSecretFile(config.dataDir, 'demo-api-key');
    this.passwordStore = new DemoSecretFile(config.dataDir, 'demo-password');
  }

  /** The `demo` command: makes sure the demo account and user exist, and gives it a new key. */
  async createKey(now = new Date()): Promise<DemoAccess> {
    return this.locked(async () => {
      const accountId = await this.ensureAccount(now);
      const key = await this.newKey(accountId);
      return { account_id: accountId, key, ...(await this.ensureUser(accountId)) };
    });
  }

  /**
   * At server start (SEED_DEMO): makes sure the demo account exists and
   * returns a working key for it: the saved one while it still works, else a
   * new one (saved in its place).
   */
  async startupAccess(now = new Date()): Promise<DemoAccess> {
    return this.locked(async () => {
      const accountId = await this.ensureAccount(now);
      const user = await this.ensureUser(accountId);
      const saved = await this.keyStore.read();
      if (saved !== undefined && (await this.keys.isActive(accountId, saved))) {
        return { account_id: accountId, key: saved, ...user };
      }
      return { account_id: accountId, key: await this.newKey(accountId), ...user };
    });
  }

  /**
   * The demo user (owner) with a password that works: the saved one while it
   * still does, else a new one, saved in its place. A disabled demo user is
   * enabled again.
   */
  private async ensureUser(accountId: number): Promise<{ email: string; password: string }> {
    const existing = await this.users.findByEmail(DEMO_USER_EMAIL);
    const saved = await this.passwordStore.read();
    if (
      existing &&
      saved !== undefined &&
      (await this.users.verifyPassword(DEMO_USER_EMAIL, saved))
    ) {
      return { email: existing.email, password: saved };
    }
    const password = generateApiKey().slice(4, 24);
    if (existing) {
      await this.users.setStatus(existing.id, 'active');
      await this.users.setPassword(existing.id, password);
    } else {
      await this.users.create(accountId, {
        email: DEMO_USER_EMAIL,
        name: DEMO_USER_NAME,
        role: 'owner',
        password,
      });
    }
    await this.passwordStore.write(password);
    return { email: DEMO_USER_EMAIL, password };
  }

  private async ensureAccount(now: Date): Promise<number> {
    const existing = await this.accounts.findByName(DEMO_ACCOUNT_NAME);
    const accountId = existing?.id ?? (await this.accounts.create(DEMO_ACCOUNT_NAME, 'agency')).id;
    if (!existing || !(await this.sites.hasAny(accountId))) {
      await this.importer.importText(accountId, [JSON.stringify(generateDemoDocument(now))]);
    }
    return accountId;
  }

  private async newKey(accountId: number): Promise<string> {
    const { key } = await this.keys.create(accountId, { name: DEMO_KEY_NAME });
    await this.keyStore.write(key);
    return key;
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    return this.locks.hold(DEMO_LOCK, work);
  }
}
