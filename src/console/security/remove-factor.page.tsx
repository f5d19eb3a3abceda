import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { ConfirmForm } from '../views/components.js';
import { Layout } from '../views/layout.js';

/** Before removing the app or a passkey: what it means, and that other sessions end. */
export const RemoveFactorPage: FC<{ page: PageContext; what: string; action: string }> = ({
  page,
  what,
  action,
}) => (
  <Layout title={`Remove ${what}`} page={page}>
    <div class="narrow">
      <h1>Remove {what}?</h1>
      <p class="lead">
        It no longer signs you in. Every other session of yours is signed out; this one stays.
      </p>
      <ConfirmForm
        action={action}
        csrf={page.csrf}
        label="Remove"
        cancel="/console/account/security"
      />
    </div>
  </Layout>
);
