import type { QueryRunner } from 'typeorm';
import type { RevisionOrigin } from '../articles/entities/article-revision.entity.js';
import type { ArticleRow, BacklinkRow, SiteRow } from './import.validator.js';

/** Any fixed number: the advisory-lock namespace of imports (the account id is the second key). */
const IMPORT_LOCK = 7_406_150;

/** Who made an imported revision, in `article_revisions.actor` (no key makes it). */
export const IMPORT_ACTOR = 'import';

const SITE_COLUMNS = [
  'name',
  'website_url',
  'language',
  'country',
  'geographic_scope',
  'industry',
] as const;

/** Where a ref stands in its collection of the file. */
export interface RefPosition {
  ref: string;
  position: number;
}

/** A ref met again in the same collection: where, and where it was first. */
export interface RepeatedRef {
  scope: number;
  position: number;
  first: number;
}

/**
 * The import's SQL, all on the one connection that holds its transaction.
 * Articles and backlinks are written in multi-row upserts fed by arrays
 * (one parameter per column, whatever the batch size), matched by
 * `(site_id, ref)`; a row that would not change is not touched.
 */
export class ImportWriter {
  private inFlight?: Promise<unknown>;

  constructor(
    private readonly runner: QueryRunner,
    private readonly accountId: number,
  ) {}

  /** Serialises imports into one account and prepares the register of the file's refs. */
  async begin(): Promise<void> {
    await this.runner.query('SELECT pg_advisory_xact_lock($1, $2)', [IMPORT_LOCK, this.accountId]);
    // No index: appending stays cheap for a million refs; repeats are found once, at the end.
    await this.runner.query(
      `CREATE TEMPORARY TABLE import_refs (
         scope integer NOT NULL,
         ref text NOT NULL,
         position integer NOT NULL
       ) ON COMMIT DROP`,
    );
  }

  async accountExists(): Promise<boolean> {
    const rows = await this.rows<unknown>('SELECT 1 FROM accounts WHERE id = $1', [this.accountId]);
    return rows.length > 0;
  }

  /** Notes the refs of a batch under `scope` (one collection of one site of the file). */
  async recordRefs(scope: number, refs: RefPosition[]): Promise<void> {
    if (refs.length === 0) return;
    await this.send(
      `INSERT INTO import_refs (scope, ref, position)
       SELECT $1, ref, position FROM unnest($2::text[], $3::integer[]) AS r(ref, position)`,
      [scope, refs.map((r) => r.ref), refs.map((r) => r.position)],
    );
  }

  /** Refs noted more than once in a scope: how many repeats, and the first `limit` of them. */
  async repeatedRefs(limit: number): Promise<{ total: number; repeats: RepeatedRef[] }> {
    const rows = await this.rows<RepeatedRef & { total: number }>(
      `SELECT scope, position, first, count(*) OVER ()::int AS total FROM (
         SELECT scope, position, min(position) OVER (PARTITION BY scope, ref) AS first
           FROM import_refs
       ) r
       WHERE position <> first ORDER BY scope, position LIMIT $1`,
      [limit],
    );
    return {
      total: rows[0]?.total ?? 0,
      repeats: rows.map(({ scope, position, first }) => ({ scope, position, first })),
    };
  }

  /** The site's id: found by ref within the account, else created with what is known so far. */
  async resolveSite(site: Partial<SiteRow>): Promise<number> {
    if (site.ref != null) {
      const found = await this.rows<{ id: number }>(
        'SELECT id FROM sites WHERE account_id = $1 AND ref = $2',
        [this.accountId, site.ref],
      );
      if (found.length > 0) return found[0].id;
    }
    const [created] = await this.rows<{ id: number }>(
      `INSERT INTO sites (account_id, ref, ${SITE_COLUMNS.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [this.accountId, site.ref ?? null, ...SITE_COLUMNS.map((column) => site[column] ?? null)],
    );
    return created.id;
  }

  /** Writes the site's fields as the file has them, if they differ from what is stored. */
  async updateSite(siteId: number, site: SiteRow): Promise<void> {
    const assignments = SITE_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
    const stored = SITE_COLUMNS.join(', ');
    const given = SITE_COLUMNS.map((_, i) => `$${i + 2}::text`).join(', ');
    await this.rows(
      `UPDATE sites SET ${assignments}, updated_at = now()
        WHERE id = $1 AND (${stored}) IS DISTINCT FROM (${given})`,
      [siteId, ...SITE_COLUMNS.map((column) => site[column])],
    );
  }

  /**
   * Upserts articles and adds a revision to each one created, or whose title,
   * body or featured image changed (numbered after the article's last one).
   */
  async upsertArticles(siteId: number, rows: ArticleRow[]): Promise<void> {
    const byOrigin = new Map<RevisionOrigin, ArticleRow[]>();
    for (const row of rows) {
      const group = byOrigin.get(row.revision_origin) ?? [];
      group.push(row);
      byOrigin.set(row.revision_origin, group);
    }
    for (const [origin, group] of byOrigin) {
      await this.send(UPSERT_ARTICLES, [
        siteId,
        column(group, 'ref'),
        column(group, 'title'),
        column(group, 'url'),
        column(group, 'status'),
        column(group, 'published_at'),
        column(group, 'target_keyword'),
        column(group, 'word_count'),
        column(group, 'featured_image_url'),
        column(group, 'body'),
        origin,
        IMPORT_ACTOR,
      ]);
    }
  }

  async upsertBacklinks(siteId: number, rows: BacklinkRow[]): Promise<void> {
    await this.send(UPSERT_BACKLINKS, [
      siteId,
      column(rows, 'ref'),
      column(rows, 'acquired_at'),
      column(rows, 'source_domain'),
      column(rows, 'source_url'),
      column(rows, 'target_url'),
      column(rows, 'anchor_text'),
      column(rows, 'anchor_type'),
      column(rows, 'status'),
      column(rows, 'category'),
    ]);
  }

  /** Waits for the batch write still in flight; its failure surfaces here. */
  async settle(): Promise<void> {
    const write = this.inFlight;
    this.inFlight = undefined;
    await write;
  }

  /**
   * Sends a batch write without waiting for it, so that reading the next
   * batch overlaps it; first waits for the previous one, so that at most one
   * batch is in flight and memory stays bounded. The connection runs
   * statements in the order sent.
   */
  private async send(sql: string, parameters: unknown[]): Promise<void> {
    await this.settle();
    const write = this.runner.query(sql, parameters) as Promise<unknown>;
    write.catch(() => undefined);
    this.inFlight = write;
  }

  private async rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    await this.settle();
    return (await this.runner.query(sql, parameters)) as T[];
  }
}

function column<T, K extends keyof T>(rows: T[], key: K): Array<T[K]> {
  return rows.map((row) => row[key]);
}

const ARTICLE_FIELDS =
  'title, url, status, published_at, target_keyword, word_count, featured_image_url, body';

// `previous` and the revision numbers read the snapshot from before this statement.
const UPSERT_ARTICLES = `
  WITH input AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                         $7::text[], $8::integer[], $9::text[], $10::text[])
      AS i(ref, ${ARTICLE_FIELDS})
  ),
  previous AS (
    SELECT a.id, a.title, a.body, a.featured_image_url
      FROM articles a JOIN input i ON a.ref = i.ref
     WHERE a.site_id = $1
  ),
  written AS (
    INSERT INTO articles AS a (site_id, ref, ${ARTICLE_FIELDS})
    SELECT $1, ref, ${ARTICLE_FIELDS} FROM input
    ON CONFLICT (site_id, ref) WHERE ref IS NOT NULL DO UPDATE SET
      title = EXCLUDED.title, url = EXCLUDED.url, status = EXCLUDED.status,
      published_at = EXCLUDED.published_at, target_keyword = EXCLUDED.target_keyword,
      word_count = EXCLUDED.word_count, featured_image_url = EXCLUDED.featured_image_url,
      body = EXCLUDED.body, updated_at = now()
    WHERE (a.title, a.url, a.status, a.published_at, a.target_keyword, a.word_count,
           a.featured_image_url, a.body)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.url, EXCLUDED.status, EXCLUDED.published_at,
           EXCLUDED.target_keyword, EXCLUDED.word_count, EXCLUDED.featured_image_url, EXCLUDED.body)
    RETURNING a.id, a.title, a.body, a.featured_image_url
  )
  INSERT INTO article_revisions (article_id, number, title, body, featured_image_url, origin, actor)
  SELECT w.id,
         COALESCE((SELECT max(r.number) FROM article_revisions r WHERE r.article_id = w.id), 0) + 1,
         w.title, w.body, w.featured_image_url, $11, $12
    FROM written w LEFT JOIN previous p ON p.id = w.id
   WHERE p.id IS NULL
      OR (p.title, p.body, p.featured_image_url) IS DISTINCT FROM (w.title, w.body, w.featured_image_url)`;

const BACKLINK_FIELDS =
  'acquired_at, source_domain, source_url, target_url, anchor_text, anchor_type, status, category';

const UPSERT_BACKLINKS = `
  INSERT INTO backlinks AS b (site_id, ref, ${BACKLINK_FIELDS})
  SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[],
                           $7::text[], $8::text[], $9::text[], $10::text[])
  ON CONFLICT (site_id, ref) WHERE ref IS NOT NULL DO UPDATE SET
    acquired_at = EXCLUDED.acquired_at, source_domain = EXCLUDED.source_domain,
    source_url = EXCLUDED.source_url, target_url = EXCLUDED.target_url,
    anchor_text = EXCLUDED.anchor_text, anchor_type = EXCLUDED.anchor_type,
    status = EXCLUDED.status, category = EXCLUDED.category
  WHERE (b.acquired_at, b.source_domain, b.source_url, b.target_url, b.anchor_text,
         b.anchor_type, b.status, b.category)
    IS DISTINCT FROM (EXCLUDED.acquired_at, EXCLUDED.source_domain, EXCLUDED.source_url,
         EXCLUDED.target_url, EXCLUDED.anchor_text, EXCLUDED.anchor_type, EXCLUDED.status,
         EXCLUDED.category)`;
