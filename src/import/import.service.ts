import { Inject, Injectable } from '@nestjs/common';
import { open } from 'node:fs/promises';
import { jsonParser, type Token } from 'stream-json/parser.js';
import { DataSource } from 'typeorm';
import { NotFoundError } from '../common/errors/api-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ARTICLE_TABLES, ArticleImports } from '../articles/index.js';
import { AccountsService } from '../auth/index.js';
import { BACKLINK_TABLES, BacklinkImports } from '../backlinks/index.js';
import { settleAfterBulkWrite } from '../database/index.js';
import { ROLLUP_TABLES } from '../rollups/index.js';
import { SITE_TABLES, SitesRepository } from '../sites/index.js';
import { ImportDocumentReader } from './import-document.reader.js';
import { ImportCounts, ImportSession } from './import-session.js';
import { ImportFileUnreadableError, ImportRejectedError } from './import.errors.js';
import { type ImportOwners, ImportWriter } from './import.writer.js';

const READ_CHUNK_BYTES = 1 << 18;
/**
 * The tokenizer is fed this many characters at a time. A syntax error loses
 * only the tokens of its own slice, so the reader's JSON path still points at
 * the item where the file broke.
 */
const PARSE_SLICE = 64;

/**
 * Loads an import document (operations.md, "Import file") into an account.
 *
 * - Streamed: the text is tokenised chunk by chunk and each site field,
 *   article and backlink is validated and batched as it arrives; memory does
 *   not grow with the file.
 * - All or nothing: everything is written in one transaction. If any problem
 *   is found, every problem is reported with its JSON path and nothing is
 *   written.
 * - Idempotent: sites are matched by `ref` within the account, articles and
 *   backlinks by `ref` within their site; a matched item is updated in place
 *   (an omitted field becomes null), an unchanged one is not touched. An item
 *   without `ref` cannot be matched, so it is created on every import.
 * - A site's `ref` must come before its `articles` and `backlinks`, because
 *   its items are written as they stream past.
 * - An article created, or whose title, body or featured image changed, gets
 *   a revision with origin `revision_origin` (default `editor`).
 * - Fast from the first read: after commit the tables written are vacuumed
 *   and analyzed, so the planner knows the new rows before autovacuum would.
 */
@Injectable()
export class ImportService {
  private readonly owners: ImportOwners;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    accounts: AccountsService,
    sites: SitesRepository,
    articles: ArticleImports,
    backlinks: BacklinkImports,
  ) {
    this.owners = { accounts, sites, articles, backlinks };
  }

  async importFile(accountId: number, file: string): Promise<ImportCounts> {
    const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
      throw new ImportFileUnreadableError(
        file,
        error.code === 'ENOENT' ? 'no such file' : error.message,
      );
    });
    if ((await handle.stat()).isDirectory()) {
      await handle.close();
      throw new ImportFileUnreadableError(file, 'it is a folder');
    }
    const stream = handle.createReadStream({ encoding: 'utf8', highWaterMark: READ_CHUNK_BYTES });
    try {
      return await this.importText(accountId, stream);
    } finally {
      stream.destroy();
    }
  }

  /** Imports a document given as text chunks (a file stream, or one string). */
  async importText(
    accountId: number,
    chunks: AsyncIterable<string> | Iterable<string>,
  ): Promise<ImportCounts> {
    const counts = await this.importInTransaction(accountId, chunks);
    await settleAfterBulkWrite(this.dataSource, tablesWritten(counts));
    return counts;
  }

  private async importInTransaction(
    accountId: number,
    chunks: AsyncIterable<string> | Iterable<string>,
  ): Promise<ImportCounts> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const writer = new ImportWriter(runner, accountId, this.owners);
      if (!(await writer.accountExists())) {
        throw new NotFoundError(`Account ${accountId} does not exist.`);
      }
      await writer.begin();
      const session = new ImportSession(writer, { maxNesting: this.config.htmlMaxNesting });
      const reader = new ImportDocumentReader();
      const tokenizer = jsonParser({ packValues: true, streamValues: false });
      let first = true;
      let parsed = true;
      reading: for await (const chunk of chunks) {
        const text = first ? chunk.replace(/^\uFEFF/, '') : chunk;
        first = false;
        for (let at = 0; at < text.length; at += PARSE_SLICE) {
          let tokens: Token[];
          try {
            tokens = tokensOf(tokenizer(text.slice(at, at + PARSE_SLICE)));
          } catch (error) {
            const reason = (error as Error).message;
            session.problems.add({ path: reader.path, message: `is not valid JSON (${reason})` });
            parsed = false;
            break reading;
          }
          for (const event of reader.read(tokens)) await session.handle(event);
        }
      }
      if (parsed) {
        for (const event of reader.end()) await session.handle(event);
        await session.finish();
      }
      if (session.problems.count > 0) throw new ImportRejectedError(session.problems);
      await writer.settle();
      await runner.commitTransaction();
      return session.counts;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }
}

/** The tables the import wrote, as their owners name them (the rollups through the triggers). */
function tablesWritten(counts: ImportCounts): string[] {
  return [
    ...(counts.sites > 0 ? SITE_TABLES : []),
    ...(counts.articles > 0 ? [...ARTICLE_TABLES, ...ROLLUP_TABLES.articles] : []),
    ...(counts.backlinks > 0 ? [...BACKLINK_TABLES, ...ROLLUP_TABLES.backlinks] : []),
  ];
}

/** The tokenizer returns a list of tokens, or a marker symbol when a chunk completed none. */
function tokensOf(result: ReturnType<ReturnType<typeof jsonParser>>): Token[] {
  return typeof result === 'object' && result !== null && 'values' in result ? result.values : [];
}
