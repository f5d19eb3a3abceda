import type { FC } from 'hono/jsx';
import type { KeyView } from '../../auth/api-keys.service.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { CsrfField, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';

export const RevokeKeyPage: FC<{ user: SignedInUser; csrf: string; keyView: KeyView }> = ({
  user,
  csrf,
  keyView,
}) => (
  <Layout title="Revoke key" user={user} csrf={csrf} section="connection">
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
      <form method="post" action={`/console/connection/keys/${keyView.id}/revoke`} class="row">
        <CsrfField token={csrf} />
        <button type="submit" class="danger">
          Revoke key
        </button>
        <a class="button secondary" href="/console/connection">
          Cancel
        </a>
      </form>
    </div>
  </Layout>
);
