/**
 * Where a worker thread finds its module, beside the module starting it:
 * the compiled `.js` file when the app runs from its build, the `.ts` source
 * when it runs from sources (the tests, under ts-jest). Node cannot load
 * TypeScript by itself, so the sources are loaded through the module hooks
 * that CONTENT_API_TS_HOOKS names (the test setup sets it).
 */
export function workerModule(
  parentUrl: string,
  relativePath: string,
): { filename: string; execArgv: string[] } {
  if (!parentUrl.endsWith('.ts')) {
    return { filename: new URL(`${relativePath}.js`, parentUrl).href, execArgv: [] };
  }
  const hooks = process.env.CONTENT_API_TS_HOOKS;
  if (hooks === undefined) {
    throw new Error(
      'Running from TypeScript sources needs CONTENT_API_TS_HOOKS for worker threads.',
    );
  }
  return { filename: new URL(`${relativePath}.ts`, parentUrl).href, execArgv: ['--import', hooks] };
}
