import type { FC } from 'hono/jsx';
import type { KeyView } from '../../auth/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { ConfirmForm, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';

export const RevokeKeyPage: FC<{ page: PageContext; keyView: KeyView }> = ({ page, keyView }) => (
  <Layout title="Revoke key" page={page} section="connection">
    <p class="crumbs">
      <a href="/console/connection">Connection</a> / Revoke
    </p>
    <div class="card">
      <h1>Revoke “{keyView.name ?? keyView.prefix}”?</h1>
      <p>
        Key <code>{keyView.prefix}…</code> ({keyView.scopes.join(', ')}), last used{' '}
        <Time value={keyView.last_used_at} empty="never" />. Every script and agent using it gets
        401 within 10 seconds. This cannot be undone.
      </p>
      <ConfirmForm
        action={`/console/connection/keys/${keyView.id}/revoke`}
        csrf={page.csrf}
        label="Revoke key"
        cancel="/console/connection"
      />
    </div>
  </Layout>
);
