import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { TABLES, renderTable } = require('../scripts/table-owners.cjs') as {
  TABLES: Array<{ table: string; owner: string }>;
  renderTable: () => string;
};
const { tableReferences, createdTables, ownerOf } = require('../scripts/table-references.cjs') as {
  tableReferences: (
    fileName: string,
    text: string,
  ) => Array<{ table: string; owner: string; line: number; sql: string }>;
  createdTables: (fileName: string, text: string) => string[];
  ownerOf: (name: string) => { table: string; owner: string } | undefined;
};

const root = fileURLToPath(new URL('..', import.meta.url));
const MIGRATIONS = 'src/database/migrations/';
const THIS_FILE = 'src/table-owners.spec.ts';

/** The TypeScript files of src/, as paths from the repository's root. */
function sourceFiles(folder = join(root, 'src')): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** The module a file of src/ is in: its top-level folder ('' for the files at the root). */
function moduleOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1] : '';
}

/** Each reference to a table in `text` made from a module other than the table's owner. */
function strays(file: string, text: string): string[] {
  return tableReferences(file, text)
    .filter((reference) => reference.owner !== moduleOf(file))
    .map(({ table, owner, line, sql }) => `${file}:${line} ${table} (owner ${owner}/): ${sql}`);
}

describe('who owns which table (scripts/table-owners.cjs)', () => {
  it('finds the SQL on each table only in its owner’s folder (migrations aside)', () => {
    const found = sourceFiles()
      .filter((file) => !file.startsWith(MIGRATIONS) && file !== THIS_FILE)
      .flatMap((file) => strays(file, readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a table named outside its owner, and not a word in a comment or a sentence', () => {
    const planted = [
      '// Reads the FROM sites of an account (a comment, not SQL).',
      "const hint = 'Choose from sites you own';",
      'const page = `SELECT s.name FROM articles a JOIN sites s ON s.id = a.site_id WHERE a.id = ${id}`;',
      "const lock = 'LOCK TABLE articles, backlinks IN SHARE MODE';",
      "const counter = 'daily_edit_counts';",
      'const log = `SELECT count(*) FROM learning_log_y2025m01`;',
    ].join('\n');
    expect(strays('src/console/planted.reads.ts', planted)).toEqual([
      'src/console/planted.reads.ts:3 articles (owner articles/): SELECT s.name FROM articles a JOIN sites s ON s.id = a.site_id WHERE a.id = ${…}',
      'src/console/planted.reads.ts:3 sites (owner sites/): SELECT s.name FROM articles a JOIN sites s ON s.id = a.site_id WHERE a.id = ${…}',
      'src/console/planted.reads.ts:4 articles (owner articles/): LOCK TABLE articles, backlinks IN SHARE MODE',
      'src/console/planted.reads.ts:4 backlinks (owner backlinks/): LOCK TABLE articles, backlinks IN SHARE MODE',
      'src/console/planted.reads.ts:5 daily_edit_counts (owner articles/): daily_edit_counts',
      'src/console/planted.reads.ts:6 learning_log (owner learning-log/): SELECT count(*) FROM learning_log_y2025m01',
    ]);
    expect(strays('src/sites/planted.ts', "const own = 'SELECT id FROM sites';")).toEqual([]);
  });

  it('gives every table the migrations create an owner that is a module of src/', () => {
    const modules = new Set(sourceFiles().map(moduleOf));
    for (const { owner } of TABLES) expect(modules).toContain(owner);
    const created = sourceFiles()
      .filter((file) => file.startsWith(MIGRATIONS))
      .flatMap((file) => createdTables(file, readFileSync(join(root, file), 'utf8')));
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((table) => ownerOf(table) === undefined)).toEqual([]);
  });

  it('keeps each entity in its table’s owner, out of every module’s public surface', () => {
    const indexes = sourceFiles()
      .filter((file) => /^src\/[^/]+\/index\.ts$/.test(file))
      .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
    const misplaced: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, table, entity] of text.matchAll(
        /@Entity\(\{\s*name:\s*'(\w+)'\s*\}\)\s*export class (\w+)/g,
      )) {
        const owner = ownerOf(table)?.owner;
        if (owner !== moduleOf(file))
          misplaced.push(`${file}: ${entity} (${table}, owner ${owner})`);
        for (const index of indexes) {
          if (new RegExp(`export (type )?\\{[^}]*\\b${entity}\\b[^}]*\\}`).test(index.text)) {
            misplaced.push(`${index.file} exports ${entity}`);
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('is the table in CONTRIBUTING.md (npm run docs:modules)', () => {
    expect(readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')).toContain(renderTable());
  });
});
