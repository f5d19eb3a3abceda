import type { FC } from 'hono/jsx';
import type { Scope } from '../../auth/entities/api-key.entity.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { apiAccessOf } from '../account-access.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { CsrfField } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { AssistantRequest } from './assistant-request.js';

const SCOPE_WORDS: Record<Scope, string> = {
  read: 'See your sites, articles, backlinks and stats',
  write: 'Edit articles and their featured images',
};

/**
 * Allow or Deny: who asks (the assistant's name and where its identity comes
 * from), where the answer goes, for which account, and what it may then do,
 * in words. An account without API access sees why and has no Allow button.
 */
export const ConsentPage: FC<{ user: SignedInUser; csrf: string; request: AssistantRequest }> = ({
  user,
  csrf,
  request,
}) => {
  const allowed = apiAccessOf(user.account) === 'included';
  const action = `/console/authorize/${request.uid}`;
  return (
    <Layout title="Connect an assistant" user={user} csrf={csrf}>
      <div class="card consent">
        <h1>Allow {request.assistantName} to use your account?</h1>
        <AccountAccessNotice account={user.account} />
        <dl class="facts">
          <div>
            <dt>Assistant</dt>
            <dd>
              {request.assistantName}
              <span class="hint who-detail">
                {request.clientHost === null ? (
                  <>
                    registered itself as <code>{request.clientId}</code>
                  </>
                ) : (
                  <>
                    identified by <code>{request.clientHost}</code>
                  </>
                )}
              </span>
            </dd>
          </div>
          <div>
            <dt>Sends you back to</dt>
            <dd>
              <code>{request.redirectHost}</code>
            </dd>
          </div>
          <div>
            <dt>Account</dt>
            <dd>
              {user.account.name}
              <span class="hint who-detail">as {user.name ?? user.email}</span>
            </dd>
          </div>
          <div>
            <dt>It asks to</dt>
            <dd>
              <ul class="scopes">
                {request.scopes.map((scope) => (
                  <li>
                    {SCOPE_WORDS[scope]} (<code>{scope}</code>)
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <p class="hint">
          It gets the same access as an API key with these scopes, with its own limits, and its
          calls appear in the activity log. You can disconnect it at any time under Connection.
        </p>
        <div class="row">
          {allowed ? (
            <form method="post" action={`${action}/allow`}>
              <CsrfField token={csrf} />
              <button type="submit" class="primary">
                Allow
              </button>
            </form>
          ) : null}
          <form method="post" action={`${action}/deny`}>
            <CsrfField token={csrf} />
            <button type="submit" class="secondary">
              Deny
            </button>
          </form>
        </div>
      </div>
    </Layout>
  );
};
