import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { PasskeyForm } from './passkey-form.js';

export interface ReauthenticatePageProps {
  page: PageContext;
  returnTo: string;
  passkeys: boolean;
  error?: string;
}

/** Before a sensitive change: the password or a passkey again. */
export const ReauthenticatePage: FC<ReauthenticatePageProps> = ({
  page,
  returnTo,
  passkeys,
  error,
}) => (
  <Layout title="Confirm it is you" page={page}>
    <div class="narrow">
      <h1>Confirm it is you</h1>
      <p class="lead">
        What you are about to do changes how your account is protected or who can use it. Give your
        password{passkeys ? ' or use a passkey' : ''} first; it is asked again after 10 minutes.
      </p>
      {error ? (
        <Notice tone="bad" title="Not confirmed">
          <p>{error}</p>
        </Notice>
      ) : null}
      <form method="post" action="/console/re-authenticate" class="card stack">
        <CsrfField token={page.csrf} />
        <input type="hidden" name="return_to" value={returnTo} />
        <input type="hidden" name="email" autocomplete="username" value={page.user.email} />
        <Field id="password" label="Password">
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
        </Field>
        <Submit>Confirm</Submit>
      </form>
      {passkeys ? (
        <PasskeyForm
          purpose="reauthenticate"
          action="/console/re-authenticate/passkey"
          csrf={page.csrf}
          label="Use a passkey instead"
          class="card stack"
        >
          <input type="hidden" name="return_to" value={returnTo} />
        </PasskeyForm>
      ) : null}
      <p class="hint">
        <a href="/console">Cancel</a>: nothing is changed.
      </p>
    </div>
  </Layout>
);
