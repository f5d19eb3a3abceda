import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { Badge, Empty, Notice, Pager, Time, type Tone } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import { ACTIVITY_CHANNELS, type ActivityFilter, STATUS_CLASSES } from './activity-filter.js';
import type { ActivityRow, AssistantChoice, KeyChoice } from './activity.reads.js';

export interface ActivityPageProps {
  user: SignedInUser;
  csrf: string;
  filter: ActivityFilter;
  problems: string[];
  keys: KeyChoice[];
  assistants: AssistantChoice[];
  rows: ActivityRow[];
  newer: string | null;
  older: string | null;
}

const CHANNEL_LABELS: Record<string, string> = {
  api: 'API',
  mcp: 'Agent (MCP)',
  console: 'Console',
};

export const ActivityPage: FC<ActivityPageProps> = (props) => {
  const { user, csrf, filter, problems, keys, assistants, rows, newer, older } = props;
  const filtered =
    filter.channel !== undefined ||
    filter.status !== undefined ||
    filter.keyId !== undefined ||
    filter.connectionId !== undefined ||
    filter.from !== undefined ||
    filter.to !== undefined;
  return (
    <Layout title="Activity" user={user} csrf={csrf} section="activity">
      <h1>Activity</h1>
      <p class="lead">
        Every API and agent call of your account and every change made here, newest first. Times are
        UTC.
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
        <div class="field">
          <label for="f-channel">Channel</label>
          <select id="f-channel" name="channel">
            <option value="">All channels</option>
            {ACTIVITY_CHANNELS.map((channel) => (
              <option value={channel} selected={filter.channel === channel}>
                {CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-status">Status</label>
          <select id="f-status" name="status">
            <option value="">Any status</option>
            {STATUS_CLASSES.map((status) => (
              <option value={status} selected={filter.status === status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-key">Key</label>
          <select id="f-key" name="key">
            <option value="">Any key</option>
            {keys.map((key) => (
              <option value={String(key.id)} selected={filter.keyId === key.id}>
                {`${key.name ?? '(no name)'} · ${key.prefix}…`}
              </option>
            ))}
          </select>
        </div>
        {assistants.length > 0 ? (
          <div class="field">
            <label for="f-assistant">Assistant</label>
            <select id="f-assistant" name="assistant">
              <option value="">Any assistant</option>
              {assistants.map((assistant) => (
                <option
                  value={String(assistant.id)}
                  selected={filter.connectionId === assistant.id}
                >
                  {assistant.assistant_name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div class="field">
          <label for="f-from">From</label>
          <input id="f-from" type="date" name="from" value={filter.from ?? ''} />
        </div>
        <div class="field">
          <label for="f-to">To</label>
          <input id="f-to" type="date" name="to" value={filter.to ?? ''} />
        </div>
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
      {rows.length === 0 ? (
        <Empty title={filtered ? 'Nothing matches this filter' : 'No activity yet'}>
          <p>
            {filtered
              ? 'Try a wider date range or another channel.'
              : 'Calls made with your keys, and changes made in this console, appear here within a few seconds.'}
          </p>
        </Empty>
      ) : (
        <>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Operation</th>
                  <th scope="col">Who</th>
                  <th scope="col">Status</th>
                  <th scope="col" class="num">
                    Duration
                  </th>
                  <th scope="col">Request id</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ActivityRowView row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            summary={`${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} on this page`}
            previous={newer}
            next={older}
            previousLabel="← Newer"
            nextLabel="Older →"
          />
        </>
      )}
    </Layout>
  );
};

const ActivityRowView: FC<{ row: ActivityRow }> = ({ row }) => (
  <tr>
    <td>
      <Time value={row.occurred_at} />
    </td>
    <td>{CHANNEL_LABELS[row.channel] ?? row.channel}</td>
    <td>
      <strong>{row.operation ?? 'unknown path'}</strong>
      <div class="hint mono">{`${row.method ?? ''} ${row.path ?? ''}`.trim()}</div>
      {row.user_agent ? (
        <div class="hint" title={row.user_agent}>
          {row.user_agent.length > 80 ? `${row.user_agent.slice(0, 80)}…` : row.user_agent}
        </div>
      ) : null}
      {row.article_id !== null && row.revision !== null ? (
        <div>
          <a href={`/console/articles/${row.article_id}/revisions/${row.revision}`}>
            Revision {row.revision} of article {row.article_id} →
          </a>
        </div>
      ) : null}
    </td>
    <td>
      <Who actor={actorOf(row)} />
    </td>
    <td>
      <Badge tone={statusTone(row.status)}>{String(row.status)}</Badge>
      {row.error ? <div class="hint mono">{row.error}</div> : null}
    </td>
    <td class="num nowrap">{`${row.duration_ms} ms`}</td>
    <td class="mono request-id">{row.request_id ?? ''}</td>
  </tr>
);

function statusTone(status: number): Tone {
  if (status >= 500) return 'bad';
  if (status >= 400) return 'warn';
  return 'ok';
}
