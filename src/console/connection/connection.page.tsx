import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { apiAccessOf } from '../account-access.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { Badge, CsrfField, Empty, Notice, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { ConnectionView } from '../../oauth/connections.service.js';
import { AssistantTable } from './assistant-table.js';
import type { KeyFormInput } from './key-form.js';
import { mayRevoke } from './key-permissions.js';
import type { KeyRow } from './keys.reads.js';

export interface ConnectionPageProps {
  user: SignedInUser;
  csrf: string;
  keys: KeyRow[];
  /** The account's live assistant connections. */
  assistants: ConnectionView[];
  mcpUrl: string;
  notice?: string;
  form?: { input: KeyFormInput; problems: Partial<Record<keyof KeyFormInput, string>> };
}

export const ConnectionPage: FC<ConnectionPageProps> = ({
  user,
  csrf,
  keys,
  assistants,
  mcpUrl,
  notice,
  form,
}) => (
  <Layout title="Connection" user={user} csrf={csrf} section="connection">
    <h1>Connection</h1>
    <p class="lead">
      API keys for your scripts and agents, and the AI assistants connected to <code>{mcpUrl}</code>
      .
    </p>
    {notice ? <Notice tone="ok">{notice}</Notice> : null}
    <AccountAccessNotice account={user.account} />
    <h2 id="keys">API keys</h2>
    <KeyTable user={user} keys={keys} />
    {apiAccessOf(user.account) === 'included' ? <CreateKeyForm csrf={csrf} form={form} /> : null}
    <h2 id="assistants">Connected assistants</h2>
    <AssistantTable csrf={csrf} mcpUrl={mcpUrl} assistants={assistants} />
  </Layout>
);

const KeyTable: FC<{ user: SignedInUser; keys: KeyRow[] }> = ({ user, keys }) =>
  keys.length === 0 ? (
    <Empty title="No API keys yet">
      <p>Create one below to call the API or connect an agent.</p>
    </Empty>
  ) : (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created by</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span class="muted">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr id={`key-${key.id}`}>
              <td>{key.name ?? <span class="muted">(no name)</span>}</td>
              <td class="mono nowrap">{key.prefix}…</td>
              <td>{key.scopes.join(', ')}</td>
              <td>{key.created_by ?? <span class="muted">Operator</span>}</td>
              <td>
                <Time value={key.created_at} />
              </td>
              <td>
                <Time value={key.last_used_at} empty="Never" />
              </td>
              <td>
                <Time value={key.expires_at} empty="Never" />
              </td>
              <td>
                <KeyStatus keyRow={key} />
              </td>
              <td>
                {key.revoked_at === null && mayRevoke(user, key) ? (
                  <a
                    class="button secondary small"
                    href={`/console/connection/keys/${key.id}/revoke`}
                  >
                    Revoke
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

const KeyStatus: FC<{ keyRow: KeyRow }> = ({ keyRow }) => {
  if (keyRow.revoked_at !== null)
    return (
      <span>
        <Badge tone="bad">Revoked</Badge> <Time value={keyRow.revoked_at} />
      </span>
    );
  if (keyRow.expires_at !== null && keyRow.expires_at.getTime() <= Date.now())
    return <Badge tone="warn">Expired</Badge>;
  return <Badge tone="ok">Active</Badge>;
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
      <div class="field">
        <label for="key-name">Name</label>
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
        <p class="hint" id="key-name-hint">
          {problems.name ??
            'Who or what uses it, e.g. "Monthly report script" or "Claude for Acme".'}
        </p>
      </div>
      <fieldset aria-describedby="key-scopes-hint">
        <legend>Scopes</legend>
        <div class="checks">
          <label>
            <input
              type="checkbox"
              name="scopes"
              value="read"
              checked={input.scopes.includes('read')}
            />{' '}
            read
          </label>
          <label>
            <input
              type="checkbox"
              name="scopes"
              value="write"
              checked={input.scopes.includes('write')}
            />{' '}
            write
          </label>
        </div>
        <p class="hint" id="key-scopes-hint">
          {problems.scopes ??
            'read: sites, articles, backlinks and stats. write: edit articles and featured images.'}
        </p>
      </fieldset>
      <div class="field">
        <label for="key-expires">Last day it works (optional)</label>
        <input
          id="key-expires"
          name="expires"
          type="date"
          value={input.expires}
          aria-describedby="key-expires-hint"
          aria-invalid={problems.expires ? 'true' : undefined}
        />
        <p class="hint" id="key-expires-hint">
          {problems.expires ??
            'It stops at midnight UTC after this day. Leave empty for a key that does not expire.'}
        </p>
      </div>
      <div>
        <button type="submit" class="primary">
          Create key
        </button>
      </div>
    </form>
  );
};
