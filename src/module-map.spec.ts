import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { MODULES, layered, renderTree } = require('../scripts/module-map.cjs') as {
  MODULES: Record<string, { holds: string; mayImport: string[] }>;
  layered: () => string[];
  renderTree: () => string;
};
const root = fileURLToPath(new URL('..', import.meta.url));

describe('the module map (scripts/module-map.cjs)', () => {
  it('has no cycle: every module comes after what it may import', () => {
    const order = layered();
    const position = new Map(order.map((name, index) => [name, index]));
    for (const [name, module] of Object.entries(MODULES)) {
      for (const dependency of module.mayImport) {
        expect(position.get(dependency)).toBeLessThan(position.get(name)!);
      }
    }
  });

  it('names every folder of src/, and nothing else', () => {
    const folders = readdirSync(join(root, 'src')).filter((name) =>
      statSync(join(root, 'src', name)).isDirectory(),
    );
    expect(Object.keys(MODULES).sort()).toEqual(folders.sort());
  });

  it('is the picture in CONTRIBUTING.md (npm run docs:modules)', () => {
    expect(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')).toContain(renderTree());
  });
});
