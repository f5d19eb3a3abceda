// Module hooks that let Node load the project's TypeScript sources: `.js`
// specifiers that name a `.ts` file resolve to it, and `.ts` files are
// transpiled on load (types stripped, nothing checked: tsc does that).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL?.endsWith('.ts') && /^\.{1,2}\/.*\.js$/.test(specifier)) {
    try {
      return await nextResolve(specifier.replace(/\.js$/, '.ts'), context);
    } catch {
      // Not a TypeScript source: resolve it as written.
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2023,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      sourceMap: false,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
