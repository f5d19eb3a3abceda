import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import type { Child } from 'hono/jsx';
import { Badge, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import type { ActivityDetail } from './activity.reads.js';
import { CHANNEL_LABELS, RevisionMade, statusTone } from './activity-views.js';

/** One call of the log whole: every stored field, the full user agent, the revision it made. */
export const ActivityDetailPage: FC<{ page: PageContext; entry: ActivityDetail }> = ({
  page,
  entry,
}) => (
  <Layout title={`Call ${entry.request_id ?? entry.id}`} page={page} section="activity">
    <p class="crumbs">
      <a href="/console/activity">Activity</a> / {entry.operation ?? 'Call'}
    </p>
    <h1>
      {entry.operation ?? 'Unknown path'}{' '}
      <Badge tone={statusTone(entry.status)}>{String(entry.status)}</Badge>
    </h1>
    <dl class="fields">
      <Field label="Time">
        <Time value={entry.occurred_at} seconds />
      </Field>
      <Field label="Channel">{CHANNEL_LABELS[entry.channel] ?? entry.channel}</Field>
      <Field label="Operation or tool">
        <Text value={entry.operation} />
      </Field>
      {entry.channel === 'email' ? (
        <>
          <Field label="Sent to">
            <Text value={entry.mail_to} />
          </Field>
          <Field label="Subject">
            <Text value={entry.mail_subject} />
          </Field>
        </>
      ) : (
        <Field label="Request">
          <span class="mono break">
            {`${entry.method ?? ''} ${entry.path ?? ''}`.trim() || '—'}
          </span>
        </Field>
      )}
      <Field label="Status">{String(entry.status)}</Field>
      <Field label="Error">
        <Text value={entry.error} mono />
      </Field>
      <Field label="Duration">{`${entry.duration_ms} ms`}</Field>
      <Field label="Who">
        <Who actor={actorOf(entry)} />
      </Field>
      <Field label="Key id">
        <Text value={entry.key_id} />
      </Field>
      <Field label="Person id">
        <Text value={entry.user_id} />
      </Field>
      <Field label="Assistant connection id">
        <Text value={entry.connection_id} />
      </Field>
      <Field label="Request id">
        <Text value={entry.request_id} mono />
      </Field>
      <Field label="Log entry id">
        <span class="mono break">{entry.id}</span>
      </Field>
      <Field label="Client address">
        <Text value={entry.client_address} mono />
      </Field>
      <Field label="User agent">
        <Text value={entry.user_agent} />
      </Field>
      <Field label="Revision made">
        {entry.revision === null ? (
          <span class="muted">none</span>
        ) : (
          <RevisionMade articleId={entry.article_id} revision={entry.revision} />
        )}
      </Field>
    </dl>
  </Layout>
);

/** A stored value as text, or a muted dash for none; long values break anywhere. */
const Text: FC<{ value: string | number | null; mono?: boolean }> = ({ value, mono }) =>
  value === null || value === '' ? (
    <span class="muted">—</span>
  ) : (
    <span class={mono ? 'mono break' : 'break'}>{String(value)}</span>
  );

/** A label and its value, side by side on a laptop, one above the other on a phone. */
const Field: FC<{ label: string; children?: Child }> = ({ label, children }) => (
  <>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </>
);
