import { Injectable } from '@nestjs/common';
import { ApiKeyListings, type KeyLabel } from '../../auth/index.js';
import { RevisionsService } from '../../articles/index.js';
import type { RowStream } from '../../database/index.js';
import {
  LearningLogReader,
  LearningLogSearch,
  type LogEntry,
  type LogPageFilter,
} from '../../learning-log/index.js';
import { type AssistantName, ConnectionsService } from '../../oauth/index.js';
import { ActorNames } from '../actor-names.reads.js';
import type { ActorColumns } from '../views/who.js';
import { type ActivityFilter, wholeFilter } from './activity-filter.js';
import { searchPlan } from './activity-search.js';

export interface ActivityRow extends ActorColumns {
  id: string;
  occurred_at: Date;
  channel: string;
  operation: string | null;
  method: string | null;
  path: string | null;
  status: number;
  duration_ms: number;
  request_id: string | null;
  user_agent: string | null;
  error: string | null;
  /** Channel `email`: the message's recipient and subject. */
  mail_to: string | null;
  mail_subject: string | null;
  /** The revision the call made, when it changed an article of this account. */
  article_id: number | null;
  revision: number | null;
}

/** One call whole, for its detail page. */
export interface ActivityDetail extends ActivityRow {
  client_address: string | null;
  key_id: number | null;
  user_id: number | null;
  connection_id: number | null;
}

export interface ActivityPage {
  rows: ActivityRow[];
  /** Whether there are rows beyond this page in the direction it was read. */
  more: boolean;
}

const STATUS_RANGES = { '2xx': [200, 299], '4xx': [400, 499], '5xx': [500, 599] } as const;

export type KeyChoice = KeyLabel;

export type AssistantChoice = AssistantName;

/**
 * The account's learning log for the activity page: a page of the log
 * (LearningLogReader: newest first, read by position), each row naming who
 * acted (ActorNames) and linking the revision it made (RevisionsService),
 * every owner asked once per page.
 */
@Injectable()
export class ActivityReads {
  constructor(
    private readonly log: LearningLogReader,
    private readonly search: LearningLogSearch,
    private readonly actors: ActorNames,
    private readonly revisions: RevisionsService,
    private readonly keyList: ApiKeyListings,
    private readonly connections: ConnectionsService,
  ) {}

  async page(accountId: number, filter: ActivityFilter, size: number): Promise<ActivityPage> {
    const page = await this.log.page(accountId, await this.logFilter(accountId, filter), size);
    const [actors, made] = await Promise.all([
      this.actors.of(accountId, page.rows),
      this.revisions.madeBy(
        accountId,
        page.rows.map((row) => row.id),
      ),
    ]);
    const rows = page.rows.map(
      ({ key_id: _key, user_id: _user, connection_id: _connection, ...row }, index) => {
        const revision = made.get(row.id);
        return {
          ...row,
          ...actors[index],
          article_id: revision?.article_id ?? null,
          revision: revision?.number ?? null,
        };
      },
    );
    return { rows, more: page.more };
  }

  /** How many rows of the log match the filter, on every page. */
  async total(accountId: number, filter: ActivityFilter): Promise<number> {
    return this.search.count(accountId, await this.logFilter(accountId, wholeFilter(filter)));
  }

  /** Every row the filter matches, streamed, newest first (the CSV export). */
  async export(accountId: number, filter: ActivityFilter): Promise<RowStream> {
    return this.search.export(accountId, await this.logFilter(accountId, wholeFilter(filter)));
  }

  /** One call of the account, named and linked like a row of the list; null when there is none. */
  async detail(accountId: number, id: string): Promise<ActivityDetail | null> {
    const entry: LogEntry | null = await this.search.entry(accountId, id);
    if (entry === null) return null;
    const [[actor], made] = await Promise.all([
      this.actors.of(accountId, [entry]),
      this.revisions.madeBy(accountId, [entry.id]),
    ]);
    const revision = made.get(entry.id);
    return {
      ...entry,
      ...actor,
      article_id: revision?.article_id ?? null,
      revision: revision?.number ?? null,
    };
  }

  /** The log's filter for a page of the console's: a search becomes the comparisons it stands for. */
  private async logFilter(accountId: number, filter: ActivityFilter): Promise<LogPageFilter> {
    const { status, search, ...rest } = filter;
    const logFilter: LogPageFilter = {
      ...rest,
      ...(status
        ? { status: { low: STATUS_RANGES[status][0], high: STATUS_RANGES[status][1] } }
        : {}),
    };
    if (search === undefined) return logFilter;
    const plan = searchPlan(search);
    const ids =
      plan.articleId === undefined
        ? []
        : await this.revisions.logEntriesOf(accountId, plan.articleId);
    return { ...logFilter, match: { ...plan.match, ...(ids.length > 0 ? { ids } : {}) } };
  }

  /** The account's assistants, for the filter's choices (disconnected ones too). */
  assistants(accountId: number): Promise<AssistantChoice[]> {
    return this.connections.assistants(accountId);
  }

  /** The account's keys, for the filter's choices (revoked ones too: their calls are in the log). */
  keys(accountId: number): Promise<KeyChoice[]> {
    return this.keyList.labels(accountId);
  }
}
