import type { FC } from 'hono/jsx';
import type { AnyonePageContext } from '../page/page-context.decorator.js';
import { CsrfField, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';

/**
 * The page the confirmation link opens: the change is made by its button,
 * not by opening the link, so that a mail scanner fetching links makes none.
 */
export const ConfirmEmailPage: FC<{
  page: AnyonePageContext;
  token: string;
  oldEmail: string;
  newEmail: string;
}> = ({ page, token, oldEmail, newEmail }) => (
  <Layout title="Confirm your new email" page={page}>
    <div class="narrow">
      <h1>Confirm your new email</h1>
      <form method="post" action="/console/confirm-email" class="card stack">
        <p>
          From now on you sign in as <strong>{newEmail}</strong> instead of{' '}
          <strong>{oldEmail}</strong>, and messages about your account go there. {oldEmail} is told
          of the change.
        </p>
        <CsrfField token={page.csrf} />
        <input type="hidden" name="token" value={token} />
        <Submit>Use {newEmail}</Submit>
      </form>
    </div>
  </Layout>
);
