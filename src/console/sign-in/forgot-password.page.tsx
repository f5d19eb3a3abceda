import type { FC } from 'hono/jsx';
import type { AnyonePageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface ForgotPasswordPageProps {
  page: AnyonePageContext;
  /** After a request: the same words whether or not anyone uses the email. */
  sent?: boolean;
  email?: string;
  error?: string;
}

export const ForgotPasswordPage: FC<ForgotPasswordPageProps> = ({ page, sent, email, error }) => (
  <Layout title="Forgot your password?">
    <div class="narrow">
      <h1>Forgot your password?</h1>
      {sent ? (
        <Notice tone="ok" title="Check your email">
          <p>
            If that address belongs to someone who can sign in here, a link to choose a new password
            is on its way to it. The link works once, for 1 hour. Nothing arrived? Check the spam
            folder, or ask again in a few minutes.
          </p>
        </Notice>
      ) : (
        <p class="lead">
          Give the email you sign in with: we send it a link to choose a new password. Your current
          password keeps working until you do.
        </p>
      )}
      {error ? (
        <Notice tone="bad" title="Not sent">
          <p>{error}</p>
        </Notice>
      ) : null}
      <form method="post" action="/console/forgot-password" class="card stack">
        <CsrfField token={page.csrf} />
        <Field id="email" label="Email">
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            maxlength={254}
            value={email ?? ''}
          />
        </Field>
        <Submit>{sent ? 'Send another link' : 'Send me a link'}</Submit>
      </form>
      <p class="hint">
        <a href="/console/sign-in">Back to sign in</a>
      </p>
    </div>
  </Layout>
);
