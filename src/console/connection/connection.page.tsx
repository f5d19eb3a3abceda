import type { FC } from 'hono/jsx';
import { SCOPES } from '../../common/request/scopes.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { type ApiAccess, apiAccessOf, planName } from '../account-access.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { Badge, CsrfField, Empty, Field, Notice, Submit, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import type { ConnectionView } from '../../oauth/index.js';
import { AssistantTable } from './assistant-table.js';
import { KeyExpiry } from './key-expiry.js';
import type { KeyFormInput } from './key-form.js';
import { mayRevoke } from './key-permissions.js';
import type { KeyRow } from './keys.reads.js';

export interface ConnectionPageProps {
  page: PageContext;
  keys: KeyRow[];
  /** The account's live assistant connections. */
  assistants: ConnectionView[];
  mcpUrl: string;
  form?: { input: KeyFormInput; problems: Partial<Record<keyof KeyFormInput, string>> };
}

export const ConnectionPage: FC<ConnectionPageProps> = ({
  page,
  keys,
  assistants,
  mcpUrl,
  form,
}) => (
  <Layout title="Connection" page={page} section="connection">
    <h1>Connection</h1>
    <p class="lead">
      API keys for your scripts and agents, and the AI assistants connected to <code>{mcpUrl}</code>
      .
    </p>
    {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
    <AccountAccessNotice account={page.user.account} />
    <h2 id="keys">API keys</h2>
    <Table
      columns={keyColumns(page.user, keys)}
      rows={keys}
      rowId={(key) => `key-${key.id}`}
      empty={<NoKeys access={apiAccessOf(page.user.account)} plan={page.user.account.plan} />}
    />
    {apiAccessOf(page.user.account) === 'included' ? (
      <CreateKeyForm csrf={page.csrf} form={form} />
    ) : null}
    <h2 id="assistants">Connected assistants</h2>
    <AssistantTable
      mcpUrl={mcpUrl}
      assistants={assistants}
      access={apiAccessOf(page.user.account)}
      plan={page.user.account.plan}
    />
  </Layout>
);

function keyColumns(user: SignedInUser, keys: KeyRow[]): Array<Column<KeyRow>> {
  return [
    {
      header: 'Name',
      key: true,
      cell: (key) => key.name ?? <span class="muted">(no name)</span>,
    },
    { header: 'Key', class: 'mono nowrap', cell: (key) => `${key.prefix}…` },
    { header: 'Scopes', cell: (key) => key.scopes.join(', ') },
    { header: 'Created by', cell: (key) => key.created_by ?? <span class="muted">Operator</span> },
    { header: 'Created', cell: (key) => <Time value={key.created_at} /> },
    { header: 'Last used', cell: (key) => <Time value={key.last_used_at} empty="Never" /> },
    {
      header: 'Works through',
      cell: (key) => <KeyExpiry value={key.expires_at} empty="No end date" />,
    },
    { header: 'Status', cell: (key) => <KeyStatus keyRow={key} keys={keys} /> },
    {
      header: 'Actions',
      quiet: true,
      cell: (key) => {
        if (!mayRevoke(user, key) || !worksNow(key)) return null;
        return (
          <span class="row tight">
            {key.revoked_at === null ? (
              <a class="button secondary small" href={`/console/connection/keys/${key.id}/rotate`}>
                Rotate
              </a>
            ) : null}
            <a class="button secondary small" href={`/console/connection/keys/${key.id}/revoke`}>
              Revoke
            </a>
          </span>
        );
      },
    },
  ];
}

/** Whether the key works at this moment (a rotated key does until its overlap ends). */
function worksNow(key: KeyRow): boolean {
  const now = Date.now();
  return (
    (key.revoked_at === null || key.revoked_at.getTime() > now) &&
    (key.expires_at === null || key.expires_at.getTime() > now)
  );
}

/** An empty key list: what to do next, or what the account's plan or standing allows instead. */
const NoKeys: FC<{ access: ApiAccess; plan: string }> = ({ access, plan }) => {
  switch (access) {
    case 'included':
      return (
        <Empty title="No API keys yet">
          <p>Create one below to call the API or connect an agent.</p>
        </Empty>
      );
    case 'plan_not_eligible':
      return (
        <Empty title={`No API keys on the ${planName(plan)} plan`}>
          <p>API keys come with the Enterprise and Agency plans.</p>
        </Empty>
      );
    case 'account_suspended':
      return (
        <Empty title="No API keys">
          <p>No key can be made while the account is suspended.</p>
        </Empty>
      );
  }
};

/** Whether a key works, and for a rotation which key replaced which and until when both work. */
const KeyStatus: FC<{ keyRow: KeyRow; keys: KeyRow[] }> = ({ keyRow, keys }) => {
  const replacement = keys.find((key) => key.id === keyRow.replaced_by_key_id);
  const replaced = keys.find((key) => key.replaced_by_key_id === keyRow.id);
  const note = replacement ? (
    <div class="hint">
      Replaced by <code>{replacement.prefix}…</code>
    </div>
  ) : replaced ? (
    <div class="hint">
      Replaces <code>{replaced.prefix}…</code>
    </div>
  ) : null;
  if (keyRow.revoked_at !== null && keyRow.revoked_at.getTime() > Date.now())
    return (
      <span>
        <Badge tone="warn">Rotated</Badge> works until <Time value={keyRow.revoked_at} />
        {note}
      </span>
    );
  if (keyRow.revoked_at !== null)
    return (
      <span>
        <Badge tone="bad">Revoked</Badge> <Time value={keyRow.revoked_at} />
        {note}
      </span>
    );
  if (keyRow.expires_at !== null && keyRow.expires_at.getTime() <= Date.now())
    return <Badge tone="warn">Expired</Badge>;
  return (
    <span>
      <Badge tone="ok">Active</Badge>
      {note}
    </span>
  );
};

const CreateKeyForm: FC<{ csrf: string; form: ConnectionPageProps['form'] }> = ({ csrf, form }) => {
  const input = form?.input ?? { name: '', scopes: ['read', 'write'], expires: '' };
  const problems = form?.problems ?? {};
  return (
    <form method="post" action="/console/connection/keys" class="card stack" id="create-key">
      <h3>Create key</h3>
      {form ? (
        <Notice tone="bad" title="The key was not created">
          <p>Correct the fields marked below.</p>
        </Notice>
      ) : null}
      <CsrfField token={csrf} />
      <Field
        id="key-name"
        label="Name"
        hint={
          problems.name ?? 'Who or what uses it, e.g. "Monthly report script" or "Claude for Acme".'
        }
      >
        <input
          id="key-name"
          name="name"
          type="text"
          maxlength={100}
          required
          value={input.name}
          aria-describedby="key-name-hint"
          aria-invalid={problems.name ? 'true' : undefined}
        />
      </Field>
      <fieldset aria-describedby="key-scopes-hint">
        <legend>Scopes</legend>
        <div class="checks">
          {SCOPES.map((scope) => (
            <label>
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={input.scopes.includes(scope)}
              />{' '}
              {scope}
            </label>
          ))}
        </div>
        <p class="hint" id="key-scopes-hint">
          {problems.scopes ??
            'read: sites, articles, backlinks and stats. write: edit articles and featured images.'}
        </p>
      </fieldset>
      <Field
        id="key-expires"
        label="Last day it works (optional)"
        hint={
          problems.expires ??
          'It stops at midnight UTC after this day. Leave empty for a key that does not expire.'
        }
      >
        <input
          id="key-expires"
          name="expires"
          type="date"
          value={input.expires}
          aria-describedby="key-expires-hint"
          aria-invalid={problems.expires ? 'true' : undefined}
        />
      </Field>
      <Submit>Create key</Submit>
    </form>
  );
};
