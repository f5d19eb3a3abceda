import type { FC } from 'hono/jsx';
import type { AnyonePageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { PasskeyForm } from './passkey-form.js';

export interface SignInPageProps {
  /** Its CSRF token (the browser's, before sign-in) and the notice of a sign-out or a new password. */
  page: AnyonePageContext;
  returnTo: string;
  /** The assistant whose authorization request the person signs in for, by its registered name. */
  assistant?: string;
  email?: string;
  error?: string;
  /** Set when the console is served over https but this request arrived over plain http. */
  insecure?: string;
}

export const SignInPage: FC<SignInPageProps> = (props) => {
  const { page, returnTo, assistant, email, error, insecure } = props;
  return (
    <Layout title={assistant === undefined ? 'Sign in' : `Sign in to allow ${assistant}`}>
      <div class="narrow">
        {assistant === undefined ? (
          <>
            <h1>Sign in</h1>
            <p class="lead">to your agency's content-api console.</p>
          </>
        ) : (
          <>
            <h1>Sign in to allow {assistant} to use content-api</h1>
            <p class="lead">
              {assistant} asks to connect to your agency's account. After signing in you see what it
              asks for, and choose whether to allow it.
            </p>
          </>
        )}
        {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
        {insecure ? (
          <Notice tone="warn" title="Open the console over https">
            <p>
              This console is configured for <a href={insecure}>{insecure}</a>; signing in over
              plain http cannot work.
            </p>
          </Notice>
        ) : null}
        {error ? (
          <Notice tone="bad" title="Not signed in">
            <p>{error}</p>
          </Notice>
        ) : null}
        <form method="post" action="/console/sign-in" class="card stack">
          <CsrfField token={page.csrf} />
          <input type="hidden" name="return_to" value={returnTo} />
          <Field id="email" label="Email">
            <input
              id="email"
              name="email"
              type="email"
              autocomplete="username"
              required
              value={email ?? ''}
            />
          </Field>
          <Field id="password" label="Password">
            <input
              id="password"
              name="password"
              type="password"
              autocomplete="current-password"
              required
            />
          </Field>
          <Submit>Sign in</Submit>
        </form>
        <PasskeyForm
          purpose="sign-in"
          action="/console/sign-in/passkey"
          csrf={page.csrf}
          label="Use a passkey"
          class="card stack"
        >
          <p class="hint">Have a passkey for content-api? Use it instead of email and password.</p>
          <input type="hidden" name="return_to" value={returnTo} />
        </PasskeyForm>
        <p class="hint">
          <a href="/console/forgot-password">Forgot your password?</a> No password yet? Use the
          invitation sent to you, or ask an owner of your account to invite you.
        </p>
      </div>
    </Layout>
  );
};
