import type { FC } from 'hono/jsx';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../users/index.js';
import type { AnyonePageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface SetPasswordPageProps {
  page: AnyonePageContext;
  token: string;
  email: string;
  /** What the link is for: the heading says so. */
  purpose: 'set' | 'reset' | 'invite';
  error?: string;
}

const HEADINGS = {
  set: 'Choose your password',
  reset: 'Choose a new password',
  invite: 'Welcome: choose your password',
};

export const SetPasswordPage: FC<SetPasswordPageProps> = ({
  page,
  token,
  email,
  purpose,
  error,
}) => (
  <Layout title={HEADINGS[purpose]}>
    <div class="narrow">
      <h1>{HEADINGS[purpose]}</h1>
      <p class="lead">
        for <strong>{email}</strong>. This link works once.
        {purpose === 'reset' ? ' Every session of yours is signed out when you save it.' : ''}
      </p>
      {error ? (
        <Notice tone="bad" title="Password not set">
          <p>{error}</p>
        </Notice>
      ) : null}
      <form method="post" action="/console/set-password" class="card stack">
        <CsrfField token={page.csrf} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" autocomplete="username" value={email} />
        <Field
          id="password"
          label="New password"
          hint={
            <>
              {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters, any you like. A few
              unrelated words make a strong one; common passwords and your name or email are
              refused.
            </>
          }
        >
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            minlength={MIN_PASSWORD_LENGTH}
            maxlength={MAX_PASSWORD_LENGTH}
            required
            aria-describedby="password-hint"
          />
        </Field>
        <Field id="confirm" label="Repeat it">
          <input id="confirm" name="confirm" type="password" autocomplete="new-password" required />
        </Field>
        <Submit>Set password</Submit>
      </form>
    </div>
  </Layout>
);
