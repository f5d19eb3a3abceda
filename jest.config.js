// ESM throughout: NestJS 12 ships ES modules only, and Jest on Node 20 cannot require() them.

// Worker threads of the app under test load its TypeScript sources through these hooks.
process.env.CONTENT_API_TS_HOOKS = new URL(
  './test/support/register-typescript.mjs',
  import.meta.url,
).href;
const tsJest = ['ts-jest', { useESM: true, tsconfig: { isolatedModules: true, sourceMap: true } }];
const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.tsx?$': tsJest },
  testEnvironment: 'node',
};

// The service and e2e tiers share one PostgreSQL server per run (global-setup, counted there).
const database = {
  roots: ['<rootDir>/test'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

// Three tiers: pure code next to it in src/, services on a real database, the whole app over HTTP.
const tiers = [
  { ...shared, displayName: 'unit', roots: ['<rootDir>/src'], testMatch: ['**/*.spec.ts?(x)'] },
  { ...shared, ...database, displayName: 'service', testMatch: ['**/*.service-spec.ts'] },
  { ...shared, ...database, displayName: 'e2e', testMatch: ['**/*.e2e-spec.ts'] },
];

// TEST_TIER=unit|service|e2e runs one tier (npm run test:unit / test:service / test:e2e);
// paths after `--` still filter.
const tier = process.env.TEST_TIER;

export default {
  testTimeout: 60000,
  // With two cores Jest would run every file in band, in its own main process, where ESM test
  // modules are never freed (the heap reached 4 GB on Node 24 and the run died). In workers, a
  // worker is replaced after any file that leaves it above this much memory.
  workerIdleMemoryLimit: '1GB',
  projects: tier ? tiers.filter((project) => project.displayName === tier) : tiers,
};
