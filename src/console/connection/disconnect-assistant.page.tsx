import type { FC } from 'hono/jsx';
import type { ConnectionView } from '../../oauth/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { ConfirmForm, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { clientHostOf } from './assistant-table.js';

/** The confirmation before an assistant's connection is ended, as Revoke has for a key. */
export const DisconnectAssistantPage: FC<{ page: PageContext; assistant: ConnectionView }> = ({
  page,
  assistant,
}) => (
  <Layout title="Disconnect assistant" page={page} section="connection">
    <p class="crumbs">
      <a href="/console/connection">Connection</a> / Disconnect
    </p>
    <div class="card">
      <h1>Disconnect “{assistant.assistant_name}”?</h1>
      <p>
        Connected from <code>{clientHostOf(assistant.client_id)}</code> with{' '}
        {assistant.scopes.join(', ')}. Allowed by{' '}
        {assistant.allowed_by_name ?? assistant.allowed_by_email ?? 'nobody'}{' '}
        <Time value={assistant.created_at} />, last used{' '}
        <Time value={assistant.last_used_at} empty="never" />. Its calls get 401 within 10 seconds;
        to use it again, someone of the account must sign in and Allow it again.
      </p>
      <ConfirmForm
        action={`/console/connection/assistants/${assistant.id}/disconnect`}
        csrf={page.csrf}
        label="Disconnect assistant"
        cancel="/console/connection#assistants"
      />
    </div>
  </Layout>
);
