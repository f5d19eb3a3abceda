/**
 * The import rules of src/, checked by `npm run check` (`npm run lint:deps`).
 *
 * The rules between modules are made from the map of the code,
 * scripts/module-map.cjs (what each module holds and may import).
 *
 * Between modules, a file imports only the other module's public surface,
 * its `index.ts`. `common` and `config` are the shared kernel: imported by
 * file, and importing nothing of the features. Files at the root of src/
 * (main.ts, app.module.ts, create-app.ts) put the application together and
 * may import every module's surface.
 */
const { MODULES } = require('./scripts/module-map.cjs');

const KERNEL = ['common', 'config'];
const names = Object.keys(MODULES);
const alternation = (list) => list.map((name) => name.replace(/-/g, '\\-')).join('|');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import one way: a cycle makes load order and responsibilities unclear.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'only-public-surface',
      severity: 'error',
      comment:
        "Between modules, import the other module's index.ts (its public surface), never its files.",
      from: { path: '^src/([^/]+)/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: [`^src/$1/`, '^src/[^/]+/index\\.ts$', `^src/(${alternation(KERNEL)})/`],
      },
    },
    {
      name: 'module-in-map',
      severity: 'error',
      comment: 'Every module of src/ is in the map of .dependency-cruiser.cjs (MODULES).',
      from: { path: `^src/(?!(${alternation(names)})/)[^/]+/` },
      to: {},
    },
    ...names.map((name) => ({
      name: `imports-of-${name}`,
      severity: 'error',
      comment: `${name} may import: ${MODULES[name].mayImport.join(', ') || 'nothing of src'} (MODULES).`,
      // A unit test may set up with another module's public surface.
      from: { path: `^src/${name.replace(/-/g, '\\-')}/`, pathNot: '\\.spec\\.tsx?$' },
      to: {
        path: '^src/',
        pathNot: [`^src/(${alternation([name, ...MODULES[name].mayImport])})/`],
      },
    })),
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'The service never loads test code.',
      from: { path: '^src/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: '(^test/|\\.spec\\.tsx?$)' },
    },
    {
      name: 'not-to-dev-dependencies',
      severity: 'error',
      comment: 'The image installs production dependencies only.',
      from: { path: '^src/', pathNot: '\\.spec\\.tsx?$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
