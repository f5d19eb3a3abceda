import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import type { PersonSession } from '../sign-in/session/person-sessions.js';
import { Badge, ConfirmForm, Notice, PostButton, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { userAgentLabel } from './user-agent-label.js';

/** /console/account/sessions: where the person is signed in, each with Sign out. */
export const SessionsPage: FC<{ page: PageContext; sessions: PersonSession[] }> = ({
  page,
  sessions,
}) => {
  const columns: Array<Column<PersonSession>> = [
    {
      header: 'Browser',
      key: true,
      cell: (session) => {
        const { browser, system } = userAgentLabel(session.userAgent);
        return (
          <>
            <strong>{browser}</strong> on {system}{' '}
            {session.current ? <Badge tone="ok">This session</Badge> : null}
          </>
        );
      },
    },
    { header: 'Address', class: 'mono', cell: (session) => session.clientAddress ?? '—' },
    { header: 'Signed in', cell: (session) => <Time value={session.signedInAt} /> },
    { header: 'Last seen', cell: (session) => <Time value={session.lastSeenAt} /> },
    {
      header: 'Actions',
      quiet: true,
      cell: (session) =>
        session.current ? (
          <PostButton action="/console/sign-out" csrf={page.csrf} class="secondary small">
            Sign out
          </PostButton>
        ) : (
          <PostButton
            action={`/console/account/sessions/${session.id}/sign-out`}
            csrf={page.csrf}
            class="secondary small"
          >
            Sign out
          </PostButton>
        ),
    },
  ];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Layout title="Sessions" page={page}>
      <h1>Sessions</h1>
      <p class="lead">
        Where you are signed in to this console. Sign out of any you do not recognise, and change
        your password. Your second factors are on <a href="/console/account/security">Security</a>.
      </p>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      <Table columns={columns} rows={sessions} />
      <p class="hint">Last seen is known to the minute.</p>
      {others > 0 ? (
        <section class="card stack" aria-labelledby="everywhere-heading">
          <h2 id="everywhere-heading">Sign out everywhere else</h2>
          <p>
            Ends your {others === 1 ? 'other session' : `${others} other sessions`}; this one stays.
          </p>
          <ConfirmForm
            action="/console/account/sessions/sign-out-others"
            csrf={page.csrf}
            label="Sign out everywhere else"
            cancel="/console/account/sessions"
          />
        </section>
      ) : null}
    </Layout>
  );
};

/** An owner, before signing a member out everywhere. */
export const EndMemberSessionsPage: FC<{
  page: PageContext;
  person: { id: number; email: string };
  count: number;
}> = ({ page, person, count }) => (
  <Layout title={`Sign out ${person.email}`} page={page} section="people">
    <div class="narrow">
      <h1>Sign {person.email} out everywhere?</h1>
      <p class="lead">
        {count === 0
          ? 'They have no session now; this makes sure none carries on.'
          : `Ends their ${count === 1 ? 'session' : `${count} sessions`} at once. They can sign in again.`}
      </p>
      <ConfirmForm
        action={`/console/people/${person.id}/sign-out`}
        csrf={page.csrf}
        label="Sign out everywhere"
        cancel="/console/people"
      />
    </div>
  </Layout>
);
