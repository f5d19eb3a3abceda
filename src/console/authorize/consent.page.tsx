import type { FC } from 'hono/jsx';
import type { Scope } from '../../common/request/scopes.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { apiAccessOf } from '../account-access.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { CsrfField, PostButton } from '../views/components.js';
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
export const ConsentPage: FC<{ page: PageContext; request: AssistantRequest }> = ({
  page,
  request,
}) => {
  const { user } = page;
  const allowed = apiAccessOf(user.account) === 'included';
  const action = `/console/authorize/${request.uid}`;
  return (
    <Layout title="Connect an assistant" page={page}>
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
            <dt>{request.scopesNamed ? 'It asks to' : 'It would be allowed to'}</dt>
            <dd>
              {request.scopesNamed ? null : (
                <span class="hint who-detail">
                  It did not say what it needs, so it is offered what assistants get by default.
                </span>
              )}
              {allowed && request.scopes.length > 1 ? (
                <span class="hint who-detail">Untick what it should not do.</span>
              ) : null}
              {allowed ? (
                // Each scope a check box of the Allow form: unticking `write` grants `read` only.
                <ul class="scopes choices">
                  {request.scopes.map((scope) => (
                    <li>
                      <label>
                        <input type="checkbox" name="scope" value={scope} checked form="allow" />{' '}
                        {SCOPE_WORDS[scope]} (<code>{scope}</code>)
                      </label>
                    </li>
                  ))}
                </ul>
              ) : (
                <ul class="scopes">
                  {request.scopes.map((scope) => (
                    <li>
                      {SCOPE_WORDS[scope]} (<code>{scope}</code>)
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
        <p class="hint">
          It gets the same access as an API key with the scopes ticked, with its own limits, and its
          calls appear in the activity log. You can disconnect it at any time under Connection.
        </p>
        <div class="row">
          {allowed ? (
            <form method="post" action={`${action}/allow`} id="allow">
              <CsrfField token={page.csrf} />
              <input type="hidden" name="scopes_shown" value="1" />
              <button type="submit" class="primary">
                Allow
              </button>
            </form>
          ) : null}
          <PostButton action={`${action}/deny`} csrf={page.csrf} class="secondary">
            Deny
          </PostButton>
        </div>
      </div>
    </Layout>
  );
};
