import type { FC } from 'hono/jsx';
import type { AnyonePageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { PasskeyForm } from './passkey-form.js';

export interface SecondStepPageProps {
  page: AnyonePageContext;
  /** Whether the person has an authenticator app, and passkeys. */
  app: boolean;
  passkeys: boolean;
  error?: string;
}

/** The sign-in's second step: a code from the app or a recovery code, or a passkey. */
export const SecondStepPage: FC<SecondStepPageProps> = ({ page, app, passkeys, error }) => (
  <Layout title="Confirm it is you">
    <div class="narrow">
      <h1>Confirm it is you</h1>
      <p class="lead">
        Your password is right. Your account has a second factor: give it to finish signing in.
      </p>
      {error ? (
        <Notice tone="bad" title="Not signed in">
          <p>{error}</p>
        </Notice>
      ) : null}
      {passkeys ? (
        <PasskeyForm
          purpose="second-step"
          action="/console/sign-in/second-factor/passkey"
          csrf={page.csrf}
          label="Use a passkey"
          class="card stack"
        />
      ) : null}
      <form method="post" action="/console/sign-in/second-factor" class="card stack">
        <CsrfField token={page.csrf} />
        <Field
          id="code"
          label={app ? 'Code from your authenticator app' : 'Recovery code'}
          hint={
            app
              ? 'Six digits, from the app you set up for content-api. Lost it? Type one of your recovery codes instead.'
              : 'One of the recovery codes you saved when you set up your passkey.'
          }
        >
          <input
            id="code"
            name="code"
            type="text"
            autocomplete="one-time-code"
            autocapitalize="characters"
            spellcheck={false}
            maxlength={20}
            required
            aria-describedby="code-hint"
          />
        </Field>
        <Submit>Confirm</Submit>
      </form>
      <p class="hint">
        Not you, or another account? <a href="/console/sign-in">Start again</a>.
      </p>
    </div>
  </Layout>
);
