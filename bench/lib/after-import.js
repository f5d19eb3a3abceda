import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * "The first minute after an import": a site imported the way a customer
 * does it (`content-api import`, the shipped CLI), then read at once, with
 * nothing vacuumed or analyzed by the bench. The site stays until the next
 * run, which deletes it before its own `VACUUM (ANALYZE)`.
 */
export const IMPORTED = { ref: 'bench-import', articles: 20_000, backlinks: 200_000 };

/** Removes the site an earlier run imported (done before the run's vacuum). */
export async function dropImportedSite(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DELETE FROM sites WHERE ref = $1', [IMPORTED.ref]);
  } finally {
    await client.end();
  }
}

/**
 * Writes the import file, runs `content-api import` into the bench account
 * and returns the new site's id, how long the command took, and the plans
 * PostgreSQL chose right after it returned for a plain first page of each
 * list: an index scan shows the planner knows the new rows; without
 * statistics it bitmap-scans the whole site and sorts it.
 */
export async function importSite(databaseUrl, root, log) {
  const dir = join(root, 'bench/.work');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'import.json');
  await writeDocument(file);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [account],
    } = await client.query(`SELECT id FROM accounts WHERE name = 'Bench Agency'`);
    log(
      `importing ${IMPORTED.articles.toLocaleString('en')} articles and ${IMPORTED.backlinks.toLocaleString('en')} backlinks with content-api import`,
    );
    const began = Date.now();
    await runImport(root, file, account.id, databaseUrl);
    const seconds = (Date.now() - began) / 1000;
    const {
      rows: [site],
    } = await client.query('SELECT id FROM sites WHERE ref = $1', [IMPORTED.ref]);
    const plan = async (table, date) => {
      const { rows } = await client.query(
        `EXPLAIN SELECT * FROM ${table} x WHERE x.site_id = $1
          ORDER BY x.${date} DESC NULLS LAST, x.id DESC LIMIT 100`,
        [site.id],
      );
      return rows
        .map((row) => row['QUERY PLAN'].replace(/\s+\(cost=.*$/, '').replace(/^\s*->\s*/, ''))
        .filter((line) => !/^\s/.test(line))
        .join(' → ');
    };
    const plans = {
      articles: await plan('articles', 'published_at'),
      backlinks: await plan('backlinks', 'acquired_at'),
    };
    return {
      siteId: site.id,
      seconds,
      plans,
      articles: IMPORTED.articles,
      backlinks: IMPORTED.backlinks,
    };
  } finally {
    await client.end();
  }
}

function runImport(root, file, accountId, databaseUrl) {
  const child = spawn(
    process.execPath,
    ['bin/content-api.js', 'import', '--account', String(accountId), file, '--json'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(root, 'bench/.work/data'),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`content-api import failed:\n${output}`)),
    );
  });
}

/** The import document: values are functions of the item number, as in the generated dataset. */
async function writeDocument(file) {
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const paragraph = 'Measured advice on heating, plumbing and what each repair costs. '.repeat(6);
  const day = 86_400_000;
  const start = Date.UTC(2024, 0, 1);
  await write(`{"sites":[{"ref":"${IMPORTED.ref}","name":"Imported site","articles":[`);
  for (let i = 0; i < IMPORTED.articles; i++) {
    const article = {
      ref: `a-${i}`,
      title: `Imported article ${i}`,
      url: `https://imported.example/blog/${i}`,
      status: i % 7 === 0 ? 'draft' : 'published',
      published_at: i % 50 === 0 ? null : new Date(start + (i % 1_000) * day + i).toISOString(),
      target_keyword: `keyword ${i % 300}`,
      body: `<h2>Part ${i}</h2><p>${paragraph}</p><p>${paragraph}</p>`,
    };
    await write(`${i ? ',' : ''}${JSON.stringify(article)}`);
  }
  await write('],"backlinks":[');
  for (let i = 0; i < IMPORTED.backlinks; i++) {
    const backlink = {
      ref: `b-${i}`,
      acquired_at: new Date(start + (i % 1_000) * day + i * 1_000).toISOString(),
      source_domain: `source${i % 2_000}.example`,
      source_url: `https://source${i % 2_000}.example/post/${i}`,
      target_url: 'https://imported.example/',
      anchor_text: 'Imported site',
      anchor_type: ['branded', 'exact', 'partial', 'generic'][i % 4],
      status: 'live',
      category: i % 3 === 0 ? 'local' : 'industry',
    };
    await write(`${i ? ',' : ''}${JSON.stringify(backlink)}`);
  }
  await write(']}]}');
  out.end();
  await once(out, 'finish');
}
