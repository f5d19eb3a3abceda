import type { QueryRunner } from 'typeorm';
import type { ArticleImports, RevisionOrigin } from '../articles/index.js';
import type { AccountsService } from '../auth/index.js';
import type { BacklinkImports } from '../backlinks/index.js';
import type { SitesRepository } from '../sites/index.js';
import type { ArticleRow, BacklinkRow, SiteRow } from './import.validator.js';

/** Any fixed number: the advisory-lock namespace of imports (the account id is the second key). */
const IMPORT_LOCK = 7_406_150;

/** Who made an imported revision, in `article_revisions.actor` (no key makes it). */
export const IMPORT_ACTOR = 'import';

/** The owners of the tables an import writes, each writing its own (their modules export them). */
export interface ImportOwners {
  accounts: AccountsService;
  sites: SitesRepository;
  articles: ArticleImports;
  backlinks: BacklinkImports;
}

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
 * The import's writes, all on the one connection that holds its transaction:
 * its own lock and register of refs here, the rows through their owners.
 * Articles and backlinks are written in multi-row upserts fed by arrays
 * (one parameter per column, whatever the batch size), matched by
 * `(site_id, ref)`; a row that would not change is not touched.
 */
export class ImportWriter {
  private inFlight?: Promise<unknown>;

  constructor(
    private readonly runner: QueryRunner,
    private readonly accountId: number,
    private readonly owners: ImportOwners,
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
    await this.settle();
    return this.owners.accounts.exists(this.accountId, this.runner.manager);
  }

  /** Notes the refs of a batch under `scope` (one collection of one site of the file). */
  async recordRefs(scope: number, refs: RefPosition[]): Promise<void> {
    if (refs.length === 0) return;
    await this.send(() =>
      this.runner.query(
        `INSERT INTO import_refs (scope, ref, position)
         SELECT $1, ref, position FROM unnest($2::text[], $3::integer[]) AS r(ref, position)`,
        [scope, refs.map((r) => r.ref), refs.map((r) => r.position)],
      ),
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
    await this.settle();
    const { manager } = this.runner;
    const found =
      site.ref == null
        ? null
        : await this.owners.sites.findByRef(manager, this.accountId, site.ref);
    return found ?? this.owners.sites.create(manager, this.accountId, site.ref ?? null, site);
  }

  /** Writes the site's fields as the file has them, if they differ from what is stored. */
  async updateSite(siteId: number, site: SiteRow): Promise<void> {
    await this.settle();
    await this.owners.sites.update(this.runner.manager, siteId, site);
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
      await this.send(() =>
        this.owners.articles.upsert(this.runner.manager, siteId, group, origin, IMPORT_ACTOR),
      );
    }
  }

  async upsertBacklinks(siteId: number, rows: BacklinkRow[]): Promise<void> {
    await this.send(() => this.owners.backlinks.upsert(this.runner.manager, siteId, rows));
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
  private async send(start: () => Promise<unknown>): Promise<void> {
    await this.settle();
    const write = start();
    write.catch(() => undefined);
    this.inFlight = write;
  }

  private async rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    await this.settle();
    return (await this.runner.query(sql, parameters)) as T[];
  }
}
