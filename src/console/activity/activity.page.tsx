import type { Child, FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { Badge, Empty, Field, Notice, Time } from '../views/components.js';
import { clientName } from '../views/client-name.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { actorOf, Who } from '../views/who.js';
import {
  ACTIVITY_CHANNELS,
  type ActivityFilter,
  isFiltered,
  MAX_SEARCH_LENGTH,
  STATUS_CLASSES,
} from './activity-filter.js';
import { CHANNEL_LABELS, RevisionMade, statusTone } from './activity-views.js';
import type { ActivityRow, AssistantChoice, KeyChoice } from './activity.reads.js';

export interface ActivityPageProps {
  page: PageContext;
  filter: ActivityFilter;
  problems: string[];
  keys: KeyChoice[];
  assistants: AssistantChoice[];
  rows: ActivityRow[];
  /** Rows matching the filter, on every page. */
  total: number;
  /** The CSV of every row the filter matches. */
  exportLink: string;
  newer: string | null;
  older: string | null;
}

export const ActivityPage: FC<ActivityPageProps> = (props) => {
  const { page, filter, problems, keys, assistants, rows, total, exportLink, newer, older } = props;
  const filtered = isFiltered(filter) || filter.protocol === true;
  return (
    <Layout title="Activity" page={page} section="activity">
      <h1>Activity</h1>
      <p class="lead">
        Every API and agent call of your account and every change made here, newest first. Times are
        UTC. An assistant’s connection upkeep (<code>initialize</code>, notifications,{' '}
        <code>tools/list</code>, <code>GET /mcp</code>) is left out unless you ask for it.
      </p>
      {problems.length > 0 ? (
        <Notice tone="warn" title="Part of the filter was left out">
          <ul>
            {problems.map((problem) => (
              <li>{problem}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <form
        method="get"
        action="/console/activity"
        class="filters"
        aria-label="Filter the activity"
      >
        <Field
          id="f-q"
          label="Search"
          hint="A request id, a path (/api/v1/sites…), an operation (listSites) or an article id"
        >
          <input
            id="f-q"
            type="search"
            name="q"
            class="search"
            maxlength={MAX_SEARCH_LENGTH}
            value={filter.search ?? ''}
          />
        </Field>
        <Choice id="f-channel" label="Channel" name="channel" any="All channels">
          {ACTIVITY_CHANNELS.map((channel) => (
            <option value={channel} selected={filter.channel === channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </Choice>
        <Choice id="f-status" label="Status" name="status" any="Any status">
          {STATUS_CLASSES.map((status) => (
            <option value={status} selected={filter.status === status}>
              {status}
            </option>
          ))}
        </Choice>
        <Choice id="f-key" label="Key" name="key" any="Any key">
          {keys.map((key) => (
            <option value={String(key.id)} selected={filter.keyId === key.id}>
              {`${key.name ?? '(no name)'} · ${key.prefix}…`}
            </option>
          ))}
        </Choice>
        {assistants.length > 0 ? (
          <Choice id="f-assistant" label="Assistant" name="assistant" any="Any assistant">
            {assistants.map((assistant) => (
              <option value={String(assistant.id)} selected={filter.connectionId === assistant.id}>
                {assistant.assistant_name}
              </option>
            ))}
          </Choice>
        ) : null}
        <Field id="f-from" label="From">
          <input id="f-from" type="date" name="from" value={filter.from ?? ''} />
        </Field>
        <Field id="f-to" label="To">
          <input id="f-to" type="date" name="to" value={filter.to ?? ''} />
        </Field>
        <label class="check">
          <input type="checkbox" name="protocol" value="1" checked={filter.protocol === true} />{' '}
          Show connection upkeep
        </label>
        <div class="row">
          <button type="submit" class="primary">
            Apply
          </button>
          {filtered ? (
            <a class="button secondary" href="/console/activity">
              Clear
            </a>
          ) : null}
        </div>
      </form>
      <div class="list-head">
        <p class="total" role="status">
          {`${total.toLocaleString('en')} ${total === 1 ? 'call matches' : 'calls match'}`}
          {filtered ? ' this filter' : ''}
        </p>
        {total > 0 ? (
          <a class="button secondary" href={exportLink} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <Table
        columns={ACTIVITY_COLUMNS}
        rows={rows}
        empty={
          <Empty title={filtered ? 'Nothing matches this filter' : 'No activity yet'}>
            <p>
              {filtered
                ? 'Try a wider date range or another channel.'
                : 'Calls made with your keys, and changes made in this console, appear here within a few seconds.'}
            </p>
          </Empty>
        }
        pager={{
          summary: `${rows.length.toLocaleString('en')} of ${total.toLocaleString('en')} on this page`,
          previous: newer,
          next: older,
          previousLabel: '← Newer',
          nextLabel: 'Older →',
        }}
      />
    </Layout>
  );
};

/** A filter's drop-down: its first option, `any`, filters nothing. */
const Choice: FC<{ id: string; label: string; name: string; any: string; children?: Child }> = (
  props,
) => (
  <Field id={props.id} label={props.label}>
    <select id={props.id} name={props.name}>
      <option value="">{props.any}</option>
      {props.children}
    </select>
  </Field>
);

const ACTIVITY_COLUMNS: Array<Column<ActivityRow>> = [
  {
    header: 'Time',
    key: true,
    cell: (row) => (
      <a href={`/console/activity/${row.id}`} title="Every detail of this call">
        <Time value={row.occurred_at} seconds />
      </a>
    ),
  },
  { header: 'Channel', cell: (row) => CHANNEL_LABELS[row.channel] ?? row.channel },
  { header: 'Operation', cell: (row) => <Operation row={row} /> },
  { header: 'Who', cell: (row) => <Who actor={actorOf(row)} /> },
  {
    header: 'Status',
    cell: (row) => (
      <>
        <Badge tone={statusTone(row.status)}>{String(row.status)}</Badge>
        {row.error ? <div class="hint mono">{row.error}</div> : null}
      </>
    ),
  },
  {
    header: 'Duration',
    numeric: true,
    class: 'nowrap',
    cell: (row) => `${row.duration_ms} ms`,
  },
  { header: 'Request id', class: 'mono request-id', cell: (row) => row.request_id ?? '' },
];

/** What was called, how, by which client, and the revision it made. */
const Operation: FC<{ row: ActivityRow }> = ({ row }) => (
  <>
    <strong>{row.operation ?? 'unknown path'}</strong>
    {row.channel === 'email' ? (
      <div class="hint">
        to {row.mail_to}: “{row.mail_subject}”
      </div>
    ) : (
      <div class="hint mono">{`${row.method ?? ''} ${row.path ?? ''}`.trim()}</div>
    )}
    {row.user_agent ? (
      <div class="hint" title={row.user_agent}>
        {clientName(row.user_agent)}
      </div>
    ) : null}
    {row.revision !== null ? (
      <div>
        <RevisionMade articleId={row.article_id} revision={row.revision} />
      </div>
    ) : null}
  </>
);
