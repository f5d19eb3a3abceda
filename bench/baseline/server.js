import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { URL } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import pg from 'pg';

/**
 * The raw baseline: `node:http` and `pg`, no framework, the straightforward
 * SQL a first implementation would write. Every request looks its key up in
 * the database; a list reads its page with LIMIT/OFFSET and its total with
 * count(*) (ownership checked in the same statement); stats aggregate live.
 * It answers the bench's requests with the same JSON as the service so that
 * the two can be compared response for response.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});

const ARTICLE_COLUMNS = `a.id, a.site_id, a.title, a.url, a.status,
  to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at,
  a.target_keyword, a.word_count, a.featured_image_url`;

const BACKLINK_COLUMNS = `b.id::float8 AS id,
  to_char(b.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at,
  b.source_domain, b.source_url, b.target_url, b.anchor_text, b.anchor_type, b.status, b.category`;

class HttpError extends Error {
  constructor(status, error) {
    super(error);
    this.status = status;
  }
}

async function authenticate(req) {
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const key = bearer ?? req.headers['x-api-key'];
  if (!key) throw new HttpError(401, 'missing_credentials');
  const { rows } = await pool.query(
    `SELECT k.id, k.account_id FROM api_keys k JOIN accounts a ON a.id = k.account_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > now())
        AND a.status = 'active' AND a.plan IN ('enterprise', 'agency')`,
    [createHash('sha256').update(key).digest('hex')],
  );
  if (rows.length === 0) throw new HttpError(401, 'invalid_credentials');
  return { keyId: rows[0].id, accountId: rows[0].account_id };
}

function paging(query) {
  const page = Number(query.get('page') ?? 1);
  const perPage = Number(query.get('per_page') ?? 20);
  return { page, perPage, offset: (page - 1) * perPage };
}

function meta(page, perPage, total) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** WHERE clauses on a site's rows, with the day range on `column` (inclusive UTC days). */
function siteFilter(siteId, query, column, extra = []) {
  const params = [siteId];
  const clauses = ['site_id = $1'];
  const add = (sql, value) => {
    params.push(value);
    clauses.push(sql.replace('?', `$${params.length}`));
  };
  if (query.get('from')) add(`${column} >= ?::date AT TIME ZONE 'UTC'`, query.get('from'));
  if (query.get('to')) add(`${column} < (?::date + 1) AT TIME ZONE 'UTC'`, query.get('to'));
  for (const name of extra) if (query.get(name) !== null) add(`${name} = ?`, query.get(name));
  return { params, where: clauses.join(' AND ') };
}

async function listOfSite(
  auth,
  siteId,
  query,
  { table, alias, columns, order, dateColumn, extra },
) {
  const { page, perPage, offset } = paging(query);
  const { params, where } = siteFilter(siteId, query, dateColumn, extra);
  const n = params.length;
  const [rows, counted] = await Promise.all([
    pool.query(
      `SELECT ${columns} FROM ${table} ${alias} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, perPage, offset],
    ),
    pool.query(
      `SELECT EXISTS (SELECT 1 FROM sites WHERE id = $1 AND account_id = $${n + 1}) AS owned,
              (SELECT count(*) FROM ${table} WHERE ${where})::int AS total`,
      [...params, auth.accountId],
    ),
  ]);
  if (!counted.rows[0].owned) throw new HttpError(404, 'site_not_found');
  return { data: rows.rows, meta: meta(page, perPage, counted.rows[0].total) };
}

async function listSites(auth, query) {
  const { page, perPage, offset } = paging(query);
  const [rows, counted] = await Promise.all([
    pool.query(
      `SELECT id, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [auth.accountId, perPage, offset],
    ),
    pool.query(`SELECT count(*)::int AS total FROM sites WHERE account_id = $1`, [auth.accountId]),
  ]);
  return { data: rows.rows, meta: meta(page, perPage, counted.rows[0].total) };
}

const day = (time) => new Date(time).toISOString().slice(0, 10);

function statsRange(query) {
  const today = day(Date.now());
  const now = new Date();
  const [y, m] = [now.getUTCFullYear(), now.getUTCMonth()];
  const period = query.get('period');
  if (period === 'this_month') return { from: day(Date.UTC(y, m, 1)), to: today };
  if (period === 'last_month')
    return { from: day(Date.UTC(y, m - 1, 1)), to: day(Date.UTC(y, m, 0)) };
  if (period === 'last_30_days') return { from: day(Date.now() - 29 * 86_400_000), to: today };
  if (period) throw new HttpError(422, 'invalid_period');
  return { from: query.get('from') ?? today, to: query.get('to') ?? today };
}

async function stats(auth, siteId, query) {
  const { from, to } = statsRange(query);
  const range = (column) =>
    `${column} >= $2::date AT TIME ZONE 'UTC' AND ${column} < ($3::date + 1) AT TIME ZONE 'UTC'`;
  const { rows } = await pool.query(
    `SELECT EXISTS (SELECT 1 FROM sites WHERE id = $1 AND account_id = $4) AS owned,
            (SELECT count(*) FROM articles WHERE site_id = $1 AND ${range('published_at')})::int AS articles,
            b.industry, b.local
       FROM (SELECT count(*) FILTER (WHERE category = 'industry')::int AS industry,
                    count(*) FILTER (WHERE category = 'local')::int AS local
               FROM backlinks WHERE site_id = $1 AND ${range('acquired_at')}) b`,
    [siteId, from, to, auth.accountId],
  );
  const row = rows[0];
  if (!row.owned) throw new HttpError(404, 'site_not_found');
  return {
    data: {
      site_id: siteId,
      from,
      to,
      articles_published: row.articles,
      backlinks_acquired: row.industry + row.local,
      backlinks_industry: row.industry,
      backlinks_local: row.local,
    },
  };
}

function protectedLinks(html) {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  return DomUtils.findAll((e) => 'data-service-protected' in e.attribs, document.children).map(
    (e) => ({
      type: e.attribs['data-service-protected'] === 'internal' ? 'internal' : 'backlink',
      href:
        e.attribs.href ??
        DomUtils.findOne((i) => i.name === 'a' && i.attribs.href !== undefined, e.children)?.attribs
          .href ??
        '',
      text: DomUtils.textContent(e).replace(/\s+/g, ' ').trim(),
    }),
  );
}

async function getArticle(auth, articleId) {
  const { rows } = await pool.query(
    `SELECT ${ARTICLE_COLUMNS}, a.body FROM articles a JOIN sites s ON s.id = a.site_id
      WHERE a.id = $1 AND s.account_id = $2`,
    [articleId, auth.accountId],
  );
  if (rows.length === 0) throw new HttpError(404, 'article_not_found');
  return { data: { ...rows[0], protected_links: protectedLinks(rows[0].body) } };
}

/** The edit without the service's rules (sanitising, protected links, edit limit): a row update and a revision. */
async function putArticle(auth, articleId, input) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const owned = await client.query(
      `SELECT a.id FROM articles a JOIN sites s ON s.id = a.site_id
        WHERE a.id = $1 AND s.account_id = $2 FOR UPDATE OF a`,
      [articleId, auth.accountId],
    );
    if (owned.rows.length === 0) throw new HttpError(404, 'article_not_found');
    const words = input.body.replace(/<[^>]*>/g, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    const { rows } = await client.query(
      `UPDATE articles a SET title = COALESCE($2, a.title), body = $3, word_count = $4, updated_at = now()
        WHERE a.id = $1 RETURNING ${ARTICLE_COLUMNS}, a.body`,
      [articleId, input.title ?? null, input.body, words],
    );
    await client.query(
      `INSERT INTO article_revisions (article_id, number, title, body, featured_image_url, origin, reason, key_id)
       SELECT $1, COALESCE(max(r.number), 0) + 1, $2, $3, $4, 'api', $5, $6
         FROM article_revisions r WHERE r.article_id = $1`,
      [
        articleId,
        rows[0].title,
        rows[0].body,
        rows[0].featured_image_url,
        input.reason ?? null,
        auth.keyId,
      ],
    );
    await client.query('COMMIT');
    return { data: { ...rows[0], protected_links: protectedLinks(rows[0].body) } };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(422, 'validation_failed'));
      }
    });
    req.on('error', reject);
  });
}

async function route(req, url) {
  const auth = await authenticate(req);
  const path = url.pathname;
  const query = url.searchParams;
  let match;
  if (req.method === 'GET' && path === '/api/v1/sites') return listSites(auth, query);
  if (req.method === 'GET' && (match = /^\/api\/v1\/sites\/(\d+)\/articles$/.exec(path))) {
    return listOfSite(auth, Number(match[1]), query, {
      table: 'articles',
      alias: 'a',
      columns: ARTICLE_COLUMNS,
      order: 'a.published_at DESC NULLS LAST, a.id DESC',
      dateColumn: 'published_at',
      extra: ['status'],
    });
  }
  if (req.method === 'GET' && (match = /^\/api\/v1\/sites\/(\d+)\/backlinks$/.exec(path))) {
    return listOfSite(auth, Number(match[1]), query, {
      table: 'backlinks',
      alias: 'b',
      columns: BACKLINK_COLUMNS,
      order: 'b.acquired_at DESC NULLS LAST, b.id DESC',
      dateColumn: 'acquired_at',
      extra: [],
    });
  }
  if (req.method === 'GET' && (match = /^\/api\/v1\/sites\/(\d+)\/stats$/.exec(path))) {
    return stats(auth, Number(match[1]), query);
  }
  if ((match = /^\/api\/v1\/articles\/(\d+)$/.exec(path))) {
    if (req.method === 'GET') return getArticle(auth, Number(match[1]));
    if (req.method === 'PUT') return putArticle(auth, Number(match[1]), await readJson(req));
  }
  throw new HttpError(404, 'not_found');
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://baseline');
  route(req, url)
    .then((body) => send(res, 200, body))
    .catch((error) => {
      if (error instanceof HttpError) return send(res, error.status, { error: error.message });
      console.error(error);
      send(res, 500, { error: 'internal_error' });
    });
});

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(json);
}

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3901), '127.0.0.1');

process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
