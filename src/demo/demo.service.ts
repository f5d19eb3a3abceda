import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsService } from '../auth/accounts.service.js';
import { ApiKeysService } from '../auth/api-keys.service.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ImportService } from '../import/import.service.js';
import { DemoKeyStore } from './demo-key.store.js';
import { generateDemoDocument } from './demo-data.generator.js';

export const DEMO_ACCOUNT_NAME = 'Demo Agency';
const DEMO_KEY_NAME = 'demo';
/** Any fixed number: held while the demo account is looked for or created. */
const DEMO_LOCK = 7_406_150_303;

export interface DemoAccess {
  account_id: number;
  key: string;
}

/**
 * The demo account ("Demo Agency", agency plan) and its data, loaded through
 * the import like any other data. Creating it is idempotent: replicas or CLI
 * runs that race take turns under an advisory lock, and an account whose data
 * is missing gets it (the import matches by ref, so nothing is duplicated).
 */
@Injectable()
export class DemoService {
  private readonly keyStore: DemoKeyStore;

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
    private readonly importer: ImportService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keyStore = new DemoKeyStore(config.dataDir);
  }

  /** The `demo` command: makes sure the demo account exists, and gives it a new key. */
  async createKey(now = new Date()): Promise<DemoAccess> {
    return this.locked(async () => {
      const accountId = await this.ensureAccount(now);
      return { account_id: accountId, key: await this.newKey(accountId) };
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
      const saved = await this.keyStore.read();
      if (saved !== undefined && (await this.keys.isActive(accountId, saved))) {
        return { account_id: accountId, key: saved };
      }
      return { account_id: accountId, key: await this.newKey(accountId) };
    });
  }

  private async ensureAccount(now: Date): Promise<number> {
    const existing = await this.accounts.findByName(DEMO_ACCOUNT_NAME);
    const accountId = existing?.id ?? (await this.accounts.create(DEMO_ACCOUNT_NAME, 'agency')).id;
    if (!existing || !(await this.hasSites(accountId))) {
      await this.importer.importText(accountId, [JSON.stringify(generateDemoDocument(now))]);
    }
    return accountId;
  }

  private async hasSites(accountId: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM sites WHERE account_id = $1 LIMIT 1',
      [accountId],
    );
    return rows.length > 0;
  }

  private async newKey(accountId: number): Promise<string> {
    const { key } = await this.keys.create(accountId, { name: DEMO_KEY_NAME });
    await this.keyStore.write(key);
    return key;
  }

  private async locked<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK]);
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK]).catch(() => undefined);
      await runner.release();
    }
  }
}
