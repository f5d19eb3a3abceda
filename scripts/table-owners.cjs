/**
 * Who owns which table: every table of the schema has one owner module, and
 * all SQL on it is written in that module's folder (its repositories and
 * query classes, exported through its index.ts). The one source of truth for
 * the check (src/table-owners.spec.ts scans src/ for SQL naming a table
 * outside its owner's folder; migrations excepted) and for the table in
 * CONTRIBUTING.md (`npm run docs:modules` writes it).
 *
 * `also` lists further names of the same table (its month partitions, a
 * schema of another program), as patterns; `via` says where its SQL is.
 */
const TABLES = [
  {
    table: 'accounts',
    owner: 'auth',
    via: 'AccountsService (create, find, exists: for every other module), Authenticator (a key with its account)',
  },
  {
    table: 'api_keys',
    owner: 'auth',
    via: 'ApiKeysService (managing keys), ApiKeyListings (an account’s keys for its pages, labels of ids), Authenticator, KeyUsageRecorder',
  },
  {
    table: 'users',
    owner: 'users',
    via: 'UsersService (people and their passwords), UserDirectory (standing, names of ids, a session’s person)',
  },
  { table: 'password_links', owner: 'users', via: 'UsersService, Invitations' },
  { table: 'email_change_links', owner: 'users', via: 'OwnAccount' },
  {
    table: 'sites',
    owner: 'sites',
    via: 'SitesRepository (findOwned, the import’s writes), siteOnAccount (the ownership fragment of the one-round-trip reads)',
  },
  {
    table: 'articles',
    owner: 'articles',
    via: 'ArticlesService (reads), ArticleEditsService (the one write path), ArticleImports (bulk upserts)',
  },
  {
    table: 'article_revisions',
    owner: 'articles',
    via: 'RevisionsService (append, the operator’s reads), RevisionHistory (an account’s pages), ArticleImports',
  },
  { table: 'daily_edit_counts', owner: 'articles', via: 'EditLimitService' },
  { table: 'daily_connection_edit_counts', owner: 'articles', via: 'EditLimitService' },
  {
    table: 'backlinks',
    owner: 'backlinks',
    via: 'BacklinksService (reads), BacklinkImports (bulk upserts)',
  },
  {
    table: 'article_daily_counts',
    owner: 'rollups',
    via: 'DailyCountsReader, RollupsRebuilder (kept by triggers on articles)',
  },
  { table: 'article_site_counts', owner: 'rollups', via: 'DailyCountsReader, RollupsRebuilder' },
  {
    table: 'backlink_daily_counts',
    owner: 'rollups',
    via: 'DailyCountsReader, RollupsRebuilder (kept by triggers on backlinks)',
  },
  { table: 'backlink_site_counts', owner: 'rollups', via: 'DailyCountsReader, RollupsRebuilder' },
  {
    table: 'article_monthly_counts',
    owner: 'rollups',
    via: 'ReportCountsReader (an account’s whole month), RollupsRebuilder (kept by triggers on articles)',
  },
  {
    table: 'backlink_monthly_counts',
    owner: 'rollups',
    via: 'ReportCountsReader (an account’s whole month), RollupsRebuilder (kept by triggers on backlinks)',
  },
  {
    table: 'backlink_monthly_domains',
    owner: 'rollups',
    via: 'ReportCountsReader (a whole month’s top domains), RollupsRebuilder (kept by triggers on backlinks)',
  },
  {
    table: 'learning_log',
    also: ['learning_log_y\\d{4}m\\d{2}', 'learning_log_default'],
    owner: 'learning-log',
    via: 'LearningLogWriter, LearningLogReader (log list, the activity page), LearningLogSearch (its search, detail and export), LearningLogCounts, LearningLogPartitions',
  },
  {
    table: 'learning_log_daily',
    owner: 'learning-log',
    via: 'LearningLogWriter (with each batch), LearningLogSearch (the overview chart), LearningLogPartitions (retention)',
  },
  {
    table: 'oauth_records',
    owner: 'oauth',
    via: 'OAuthRecordStore, GrantStore, AccessTokensService, AuthorizationServer',
  },
  {
    table: 'oauth_connections',
    owner: 'oauth',
    via: 'ConnectionsService (the account’s assistants, names of ids), AccessTokensService, GrantStore',
  },
  { table: 'report_brands', owner: 'report', via: 'ReportBrands (the white label of the reports)' },
  {
    table: 'console_sessions',
    owner: 'console',
    via: 'BrowserSessionMiddleware (connect-pg-simple’s store), PersonSessions (a person’s sessions, listed and ended)',
  },
  { table: 'sign_in_failures', owner: 'console', via: 'SignInThrottle' },
  { table: 'totp_factors', owner: 'console', via: 'TotpFactors' },
  { table: 'recovery_codes', owner: 'console', via: 'RecoveryCodes' },
  { table: 'passkeys', owner: 'console', via: 'Passkeys' },
  { table: 'account_sign_in_policies', owner: 'console', via: 'SignInPolicies' },
  { table: 'known_browsers', owner: 'console', via: 'KnownBrowsers (and its daily upkeep)' },
  { table: 'password_reset_requests', owner: 'console', via: 'PasswordResetThrottle' },
  {
    table: 'app_secrets',
    owner: 'database',
    via: 'AppSecrets (the secrets the migrations made)',
  },
  { table: 'migrations', owner: 'database', via: 'TypeORM’s migrator' },
  {
    table: 'pgboss.*',
    also: ['pgboss\\.\\w+'],
    owner: 'jobs',
    via: 'pg-boss itself, JobTableReader, the schema step',
  },
];

/**
 * The table in CONTRIBUTING.md, one row per table, its columns padded as
 * Prettier pads them (so that the file stays formatted).
 */
function renderTable() {
  const rows = [
    ['Table', 'Owner', 'Its SQL lives in'],
    ...TABLES.map(({ table, owner, via }) => [`\`${table}\``, `\`${owner}/\``, via]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

module.exports = { TABLES, renderTable };
