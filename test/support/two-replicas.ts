import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'supertest/types.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp } from '../../src/create-app.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface TwoReplicas {
  /** The first replica, which owns the test database. */
  first: TestApp;
  /** Both replicas' HTTP servers, first and second. */
  http: [App, App];
  close(): Promise<void>;
}

/** Two app instances — two replicas of the service — on one test database and the same `env`. */
export async function startTwoReplicas(env: Record<string, string>): Promise<TwoReplicas> {
  const first = await createTestApp(env);
  const second = await createApp(
    loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
      LOG_LEVEL: 'silent',
      MIGRATE_ON_START: 'false',
      SEED_DEMO: 'false',
      PUBLIC_BASE_URL: 'http://api.test',
      ...env,
      DATABASE_URL: first.databaseUrl,
    }),
  );
  return {
    first,
    http: [first.http, second.app.getHttpServer()],
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}
