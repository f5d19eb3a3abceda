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

const tiers = [
  { ...shared, displayName: 'unit', roots: ['<rootDir>/src'], testMatch: ['**/*.spec.ts?(x)'] },
  {
    ...shared,
    displayName: 'e2e',
    roots: ['<rootDir>/test'],
    testMatch: ['**/*.e2e-spec.ts'],
    globalSetup: '<rootDir>/test/support/global-setup.ts',
    globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  },
];

// TEST_TIER=unit|e2e runs one tier (npm run test:unit / test:e2e); paths after `--` still filter.
const tier = process.env.TEST_TIER;

export default {
  testTimeout: 60000,
  projects: tier ? tiers.filter((project) => project.displayName === tier) : tiers,
};
