import type { FC } from 'hono/jsx';
import { type PendingInvitation, USER_ROLES, type UserView } from '../../users/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import {
  Badge,
  ConfirmForm,
  CopyButton,
  CsrfField,
  Field,
  Notice,
  PostButton,
  Submit,
  Time,
} from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';

export interface PersonForm {
  email: string;
  name: string;
  role: string;
  error?: string;
}

export interface PeoplePageProps {
  page: PageContext;
  people: UserView[];
  /** Owners only: invitations nobody accepted yet. */
  invitations: PendingInvitation[];
  form?: PersonForm;
}

/** The people of the account. Owners add people and disable or enable them. */
export const PeoplePage: FC<PeoplePageProps> = ({ page, people, invitations, form }) => {
  const { user } = page;
  const owner = user.role === 'owner';
  const columns: Array<Column<UserView>> = [
    { header: 'Name', key: true, cell: (person) => person.name ?? <span class="muted">—</span> },
    { header: 'Email', cell: (person) => person.email },
    { header: 'Role', cell: (person) => (person.role === 'owner' ? 'Owner' : 'Member') },
    {
      header: 'Status',
      cell: (person) =>
        person.status === 'active' ? (
          <Badge tone="ok">Active</Badge>
        ) : (
          <Badge tone="bad">Disabled</Badge>
        ),
    },
    {
      header: 'Last sign-in',
      cell: (person) => <Time value={person.last_sign_in_at} empty="Never" />,
    },
  ];
  if (owner) {
    columns.push({
      header: 'Actions',
      quiet: true,
      cell: (person) =>
        person.id === user.id ? (
          <span class="muted">You</span>
        ) : person.status === 'active' ? (
          <div class="row">
            <a class="button secondary small" href={`/console/people/${person.id}/sign-out`}>
              Sign out
            </a>
            <a class="button secondary small" href={`/console/people/${person.id}/disable`}>
              Disable
            </a>
          </div>
        ) : (
          <PostButton
            action={`/console/people/${person.id}/enable`}
            csrf={page.csrf}
            class="secondary small"
          >
            Enable
          </PostButton>
        ),
    });
  }
  return (
    <Layout title="People" page={page} section="people">
      <h1>People</h1>
      <p class="lead">
        Who signs in to this console for {user.account.name}. Owners manage people and any key;
        members see everything, make and revoke their own keys and restore revisions.
      </p>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      <Table columns={columns} rows={people} rowId={(person) => `person-${person.id}`} />
      {owner && invitations.length > 0 ? (
        <PendingInvitations csrf={page.csrf} invitations={invitations} />
      ) : null}
      {owner ? <AddPersonForm csrf={page.csrf} form={form} /> : null}
    </Layout>
  );
};

const PendingInvitations: FC<{ csrf: string; invitations: PendingInvitation[] }> = ({
  csrf,
  invitations,
}) => {
  const columns: Array<Column<PendingInvitation>> = [
    { header: 'Email', key: true, cell: (invitation) => invitation.email },
    { header: 'Name', cell: (invitation) => invitation.name ?? <span class="muted">—</span> },
    { header: 'Role', cell: (invitation) => (invitation.role === 'owner' ? 'Owner' : 'Member') },
    { header: 'Invited', cell: (invitation) => <Time value={invitation.invited_at} /> },
    {
      header: 'Link works until',
      cell: (invitation) =>
        invitation.expired ? (
          <Badge tone="bad">Expired</Badge>
        ) : (
          <Time value={invitation.expires_at} />
        ),
    },
    {
      header: 'Actions',
      quiet: true,
      cell: (invitation) => (
        <div class="actions">
          <PostButton
            action={`/console/people/invitations/${invitation.id}/resend`}
            csrf={csrf}
            class="secondary small"
          >
            Resend
          </PostButton>
          <PostButton
            action={`/console/people/invitations/${invitation.id}/revoke`}
            csrf={csrf}
            class="secondary small"
          >
            Revoke
          </PostButton>
        </div>
      ),
    },
  ];
  return (
    <section class="spaced" id="invitations">
      <h2>Pending invitations</h2>
      <Table
        columns={columns}
        rows={invitations}
        rowId={(invitation) => `invitation-${invitation.id}`}
      />
    </section>
  );
};

const AddPersonForm: FC<{ csrf: string; form?: PersonForm }> = ({ csrf, form }) => (
  <form method="post" action="/console/people" class="card stack spaced" id="add-person">
    <h2>Invite a person</h2>
    {form?.error ? (
      <Notice tone="bad" title="Not invited">
        <p>{form.error}</p>
      </Notice>
    ) : null}
    <CsrfField token={csrf} />
    <Field id="person-email" label="Email">
      <input id="person-email" name="email" type="email" required value={form?.email ?? ''} />
    </Field>
    <Field id="person-name" label="Name">
      <input id="person-name" name="name" type="text" maxlength={200} value={form?.name ?? ''} />
    </Field>
    <Field id="person-role" label="Role">
      <select id="person-role" name="role">
        {USER_ROLES.map((role) => (
          <option value={role} selected={(form?.role ?? 'member') === role}>
            {role === 'owner' ? 'Owner' : 'Member'}
          </option>
        ))}
      </select>
    </Field>
    <p class="hint">
      They get an email with a link, valid 7 days, to choose their password. (A server without
      SMTP_URL sends no email: you are shown the link to send them yourself.)
    </p>
    <Submit>Invite</Submit>
  </form>
);

export const PersonAddedPage: FC<{ page: PageContext; email: string; link: string }> = ({
  page,
  email,
  link,
}) => (
  <Layout title="Person added" page={page} section="people">
    <p class="crumbs">
      <a href="/console/people">People</a> / Added
    </p>
    <h1>{email} can now join</h1>
    <Notice tone="warn" title="Send them this link now">
      <p>
        This server sends no email, so the invitation is this link: it is shown only this once,
        works once, and for 7 days. With it they choose their password.
      </p>
    </Notice>
    <div class="card">
      <div class="secret">
        <code id="set-password-link">{link}</code>
        <CopyButton target="set-password-link" label="Copy link" />
      </div>
    </div>
    <p>
      <a class="button primary" href="/console/people">
        Done
      </a>
    </p>
  </Layout>
);

export const DisablePersonPage: FC<{ page: PageContext; person: UserView }> = ({
  page,
  person,
}) => (
  <Layout title="Disable person" page={page} section="people">
    <p class="crumbs">
      <a href="/console/people">People</a> / Disable
    </p>
    <div class="card">
      <h1>Disable {person.name ?? person.email}?</h1>
      <p>
        {person.email} is signed out everywhere at once and cannot sign in until enabled again. The
        assistants they allowed are disconnected for good: enabling them again does not reconnect
        those. Keys they made keep working: revoke those in the connection area if they should stop
        too.
      </p>
      <ConfirmForm
        action={`/console/people/${person.id}/disable`}
        csrf={page.csrf}
        label="Disable"
        cancel="/console/people"
      />
    </div>
  </Layout>
);
