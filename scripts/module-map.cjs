/**
 * The map of the code: every top-level folder of src/, what it holds, and the
 * modules it may import. The one source of truth for the import rules
 * (.dependency-cruiser.cjs) and for the picture in CONTRIBUTING.md
 * (`npm run docs:modules` writes it; src/module-map.spec.ts checks it is
 * current and that the map has no cycle).
 */
const MODULES = {
  config: { holds: 'typed, validated configuration from the environment; limits', mayImport: [] },
  common: {
    holds:
      'building blocks with no feature in them: typed errors and the error filter, HTTP helpers, request facts (call paths, channel, scopes, route-access metadata), DTO and OpenAPI helpers, dates, SQL helpers',
    mayImport: ['config'],
  },
  database: {
    holds:
      'the connection (TypeORM), read replicas and where each read goes, poolers, migrations and the secrets they made, prepared statements, the embedded PostgreSQL',
    mayImport: ['common', 'config', 'redis'],
  },
  redis: { holds: 'the shared Redis connection', mayImport: ['config'] },
  metrics: {
    holds: 'Prometheus metrics and /metrics',
    mayImport: ['common', 'config', 'database'],
  },
  logging: { holds: 'the structured JSON log (pino)', mayImport: ['config'] },
  lifecycle: {
    holds: 'start-up and graceful shutdown, the heap setting',
    mayImport: ['common', 'config'],
  },
  jobs: {
    holds:
      'the one background job queue (pg-boss): JobQueue (register a queue, send jobs), its schema step for the migrations, the job table reads and metrics',
    mayImport: ['common', 'config', 'database', 'metrics'],
  },
  health: {
    holds: '/health/live and /health/ready',
    mayImport: ['common', 'database', 'lifecycle', 'redis'],
  },
  auth: {
    holds:
      'accounts, API keys, the Authenticator and ApiKeyGuard (keys and, through AccessTokenVerifier, assistants’ tokens)',
    mayImport: ['common', 'config', 'database'],
  },
  users: {
    holds: 'people: users of accounts, password hashing and policy, set-password links',
    mayImport: ['auth', 'common', 'config'],
  },
  'rate-limit': {
    holds: 'per-minute limits shared across replicas: CallAdmission, counters, stores',
    mayImport: ['auth', 'common', 'config', 'metrics', 'redis'],
  },
  'learning-log': {
    holds:
      'the record of every API and agent call, written off the request path; its month partitions kept by scheduled jobs',
    mayImport: ['common', 'config', 'database', 'jobs', 'metrics'],
  },
  mail: {
    holds:
      'outgoing email: Mailer (queued on the job queue, sent with nodemailer or written to the server log), the message templates, each outcome in the activity log',
    mayImport: ['common', 'config', 'jobs', 'learning-log'],
  },
  rollups: {
    holds:
      'the daily and site count tables: totals, stats, list positions; their rebuild from the counted rows’ owners (RollupSource)',
    mayImport: ['common', 'database', 'sites'],
  },
  'list-paging': {
    holds: 'the paging engine of the day-ordered lists (exact totals, deep pages)',
    mayImport: ['common', 'database', 'rollups'],
  },
  media: {
    holds: 'uploaded images: checks, local or S3 storage, /media',
    mayImport: ['common', 'config'],
  },
  sites: {
    holds:
      'the sites of an account (GET /sites); SitesRepository and siteOnAccount, the one "is this site on the account?" every module uses',
    mayImport: ['auth', 'common', 'database'],
  },
  articles: {
    holds:
      'articles: read/, edit/ (the one write path), revisions/, featured-image/, html/ (the body rules)',
    mayImport: [
      'auth',
      'common',
      'config',
      'database',
      'list-paging',
      'media',
      'metrics',
      'rollups',
      'sites',
    ],
  },
  backlinks: {
    holds: 'the backlinks of a site (GET /sites/{id}/backlinks), their bulk upserts for the import',
    mayImport: ['auth', 'common', 'list-paging', 'rollups', 'sites'],
  },
  stats: {
    holds: 'period statistics and the period grammar',
    mayImport: ['auth', 'common', 'rollups', 'sites'],
  },
  report: {
    holds:
      'the monthly report of a site and of an account (GET /sites/{id}/report, GET /report): JSON, CSV, and HTML and PDF with charts rendered on a worker thread; the white label (display name, logo) they carry',
    mayImport: ['articles', 'auth', 'common', 'config', 'database', 'rollups', 'sites', 'stats'],
  },
  oauth: {
    holds: 'the authorization server for /mcp, its metadata, assistants’ connections and tokens',
    mayImport: ['auth', 'common', 'config', 'database', 'rate-limit', 'users'],
  },
  mcp: {
    holds:
      'the agent server: the tool table, the prompts, the MCP App of the report (its page is built from mcp-apps/), hosted (/mcp) and local (stdio) transports',
    mayImport: ['auth', 'common', 'config'],
  },
  openapi: {
    holds: 'the OpenAPI document, its description and Swagger UI',
    mayImport: ['common', 'config'],
  },
  import: {
    holds:
      'the import file: streaming reader, validator, writer (the rows through their owners’ repositories)',
    mayImport: [
      'articles',
      'auth',
      'backlinks',
      'common',
      'config',
      'database',
      'rollups',
      'sites',
    ],
  },
  demo: {
    holds: 'the demo account and its data',
    mayImport: ['auth', 'common', 'config', 'database', 'import', 'sites', 'users'],
  },
  console: {
    holds:
      'the account console: sign-in and sessions, pages by area (the report pages and their white label among them), the consent page for assistants',
    mayImport: [
      'articles',
      'auth',
      'common',
      'config',
      'database',
      'jobs',
      'learning-log',
      'mail',
      'oauth',
      'report',
      'rollups',
      'sites',
      'users',
    ],
  },
  cli: {
    holds: 'the operator’s command-line tool (`content-api …`)',
    mayImport: [
      'articles',
      'auth',
      'backlinks',
      'common',
      'config',
      'console',
      'database',
      'demo',
      'import',
      'jobs',
      'learning-log',
      'mcp',
      'oauth',
      'rollups',
      'users',
    ],
  },
};

const ROOT_FILES = {
  names: 'main.ts, app.module.ts, create-app.ts',
  holds: 'the application put together: modules, middleware order, start and stop',
};

/** The modules in an order where each comes after everything it may import. */
function layered() {
  const done = new Set();
  const order = [];
  const visit = (name, path = []) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`module map cycle: ${[...path, name].join(' -> ')}`);
    const module = MODULES[name];
    if (!module) throw new Error(`${path.at(-1)} may import ${name}, which is not in the map`);
    for (const dependency of module.mayImport) visit(dependency, [...path, name]);
    done.add(name);
    order.push(name);
  };
  for (const name of Object.keys(MODULES)) visit(name);
  return order;
}

/** The picture of src/ in CONTRIBUTING.md: one line per folder, what it holds and may import. */
function renderTree() {
  const order = layered();
  const width = Math.max(...order.map((name) => name.length)) + 2;
  const lines = ['src/'];
  lines.push(`├── ${ROOT_FILES.names}`);
  lines.push(`│     ${ROOT_FILES.holds}; may import every module`);
  order.forEach((name, index) => {
    const module = MODULES[name];
    const branch = index === order.length - 1 ? '└──' : '├──';
    const rail = index === order.length - 1 ? ' ' : '│';
    const imports = module.mayImport.length ? module.mayImport.join(', ') : 'nothing';
    lines.push(`${branch} ${`${name}/`.padEnd(width)}${module.holds}`);
    lines.push(`${rail}     ${' '.repeat(width)}may import: ${imports}`);
  });
  return lines.join('\n');
}

module.exports = { MODULES, layered, renderTree };
