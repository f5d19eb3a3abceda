import type { ImportCollection, ImportEvent } from './import-document.reader.js';
import { ImportProblems, MAX_REPORTED_PROBLEMS } from './import-problems.js';
import type { ImportWriter, RefPosition } from './import.writer.js';
import {
  ArticleRow,
  BacklinkRow,
  ImportProblem,
  checkSiteField,
  validateArticle,
  validateBacklink,
  validateSite,
  type ImportLimits,
} from './import.validator.js';
import { element, member } from './json-path.js';

export interface ImportCounts {
  sites: number;
  articles: number;
  backlinks: number;
}

/** Batch bounds: large enough for few round trips, small enough to keep memory flat. */
export const BACKLINK_BATCH_ROWS = 5_000;
export const ARTICLE_BATCH_ROWS = 500;
export const ARTICLE_BATCH_CHARACTERS = 8_000_000;

interface SiteState {
  index: number;
  path: string;
  fields: Record<string, unknown>;
  /** Set once the site has a row: from then on its ref can no longer change. */
  id?: number;
  itemsStarted: boolean;
  articles: Batch<ArticleRow>;
  backlinks: Batch<BacklinkRow>;
}

interface Batch<T> {
  rows: T[];
  refs: RefPosition[];
  characters: number;
}

/**
 * One import, event by event: validates each item as it arrives, collects
 * every problem with its JSON path, and writes in batches for as long as no
 * problem has been found. After the first problem nothing more is written
 * (the transaction will be rolled back) but reading and checking go on, so
 * that the operator learns every problem at once.
 */
export class ImportSession {
  readonly problems = new ImportProblems();
  readonly counts: ImportCounts = { sites: 0, articles: 0, backlinks: 0 };
  private site?: SiteState;
  private readonly siteRefs = new Map<string, string>();

  constructor(
    private readonly writer: ImportWriter,
    private readonly limits: ImportLimits,
  ) {}

  private get writing(): boolean {
    return this.problems.count === 0;
  }

  async handle(event: ImportEvent): Promise<void> {
    switch (event.type) {
      case 'problem':
        this.problems.add({ path: event.path, message: event.message });
        return;
      case 'site-start':
        this.site = {
          index: event.site,
          path: element('$.sites', event.site),
          fields: {},
          itemsStarted: false,
          articles: emptyBatch(),
          backlinks: emptyBatch(),
        };
        return;
      case 'site-field':
        return this.onSiteField(this.current(), event.key, event.value);
      case 'items-start':
        return this.onItemsStart(this.current());
      case 'item':
        return this.onItem(this.current(), event.collection, event.index, event.value);
      case 'site-end':
        return this.onSiteEnd(this.current());
    }
  }

  private onSiteField(site: SiteState, key: string, value: unknown): void {
    const problems = checkSiteField(key, value, site.path);
    if (key === 'ref' && site.itemsStarted) {
      problems.push({
        path: member(site.path, 'ref'),
        message: 'must come before "articles" and "backlinks" in the site object',
      });
    }
    if (key === 'ref' && typeof value === 'string' && problems.length === 0) {
      const first = this.siteRefs.get(value);
      if (first !== undefined) {
        problems.push({ path: member(site.path, 'ref'), message: `repeats the ref of ${first}` });
      } else {
        this.siteRefs.set(value, site.path);
      }
    }
    this.problems.add(problems);
    site.fields[key] = value;
  }

  private async onItemsStart(site: SiteState): Promise<void> {
    site.itemsStarted = true;
    // While writing, every field seen so far has passed its rule.
    if (this.writing && site.id === undefined) {
      site.id = await this.writer.resolveSite(site.fields);
    }
  }

  private async onItem(
    site: SiteState,
    collection: ImportCollection,
    index: number,
    value: unknown,
  ): Promise<void> {
    const path = element(member(site.path, collection), index);
    this.counts[collection]++;
    const batch = site[collection] as Batch<ArticleRow | BacklinkRow>;
    const ref = (value as { ref?: unknown } | null)?.ref;
    if (typeof ref === 'string' && ref.trim() !== '') batch.refs.push({ ref, position: index });
    const row =
      collection === 'articles'
        ? validateArticle(value, path, this.limits)
        : validateBacklink(value, path);
    if (Array.isArray(row)) {
      this.problems.add(row);
    } else if (this.writing) {
      batch.rows.push(row);
      if ('body' in row) batch.characters += row.body.length;
    }
    if (isFull(collection, batch)) await this.flush(site, collection);
  }

  private async onSiteEnd(site: SiteState): Promise<void> {
    this.counts.sites++;
    await this.flush(site, 'articles');
    await this.flush(site, 'backlinks');
    const validated = validateSite(site.fields, site.path);
    if (Array.isArray(validated)) {
      this.problems.add(validated);
    } else if (this.writing) {
      site.id ??= await this.writer.resolveSite(validated);
      await this.writer.updateSite(site.id, validated);
    }
    this.site = undefined;
  }

  private async flush(site: SiteState, collection: ImportCollection): Promise<void> {
    const batch = site[collection] as Batch<ArticleRow | BacklinkRow>;
    const { rows, refs } = batch;
    Object.assign(batch, emptyBatch());
    await this.writer.recordRefs(
      scopeOf(site.index, collection),
      this.firstOccurrences(site, collection, refs),
    );
    if (!this.writing || rows.length === 0 || site.id === undefined) return;
    if (collection === 'articles') await this.writer.upsertArticles(site.id, rows as ArticleRow[]);
    else await this.writer.upsertBacklinks(site.id, rows as BacklinkRow[]);
  }

  /**
   * Reports a ref repeated within the batch (one upsert cannot touch a row
   * twice) and keeps the first occurrences, to be registered for `finish`.
   */
  private firstOccurrences(
    site: SiteState,
    collection: ImportCollection,
    refs: RefPosition[],
  ): RefPosition[] {
    const first = new Map<string, number>();
    const unique: RefPosition[] = [];
    for (const entry of refs) {
      const earlier = first.get(entry.ref);
      if (earlier === undefined) {
        first.set(entry.ref, entry.position);
        unique.push(entry);
      } else {
        this.problems.add(repeatProblem(site.index, collection, entry.position, earlier));
      }
    }
    return unique;
  }

  /** Once the whole file is read: refs repeated across batches are problems too. */
  async finish(): Promise<void> {
    const { total, repeats } = await this.writer.repeatedRefs(MAX_REPORTED_PROBLEMS);
    for (const { scope, position, first } of repeats) {
      const collection = scope % 2 === 0 ? 'articles' : 'backlinks';
      this.problems.add(repeatProblem(Math.floor(scope / 2), collection, position, first));
    }
    this.problems.addUnlisted(total - repeats.length);
  }

  private current(): SiteState {
    if (!this.site) throw new Error('An import event arrived outside a site.');
    return this.site;
  }
}

/** The register's scope of one collection of one site of the file. */
function scopeOf(site: number, collection: ImportCollection): number {
  return site * 2 + (collection === 'articles' ? 0 : 1);
}

function repeatProblem(
  site: number,
  collection: ImportCollection,
  position: number,
  first: number,
): ImportProblem {
  const items = member(element('$.sites', site), collection);
  return {
    path: member(element(items, position), 'ref'),
    message: `repeats the ref of ${element(items, first)}`,
  };
}

function emptyBatch<T>(): Batch<T> {
  return { rows: [], refs: [], characters: 0 };
}

function isFull(collection: ImportCollection, batch: Batch<unknown>): boolean {
  if (collection === 'backlinks')
    return batch.refs.length >= BACKLINK_BATCH_ROWS || batch.rows.length >= BACKLINK_BATCH_ROWS;
  return (
    batch.rows.length >= ARTICLE_BATCH_ROWS ||
    batch.refs.length >= ARTICLE_BATCH_ROWS ||
    batch.characters >= ARTICLE_BATCH_CHARACTERS
  );
}
