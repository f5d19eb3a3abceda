import type { FC } from 'hono/jsx';
import { MIN_PASSWORD_LENGTH } from '../../users/password-policy.js';
import { CsrfField, Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface SetPasswordPageProps {
  csrf: string;
  token: string;
  email: string;
  error?: string;
}

export const SetPasswordPage: FC<SetPasswordPageProps> = ({ csrf, token, email, error }) => (
  <Layout title="Choose your password">
    <div class="narrow">
      <h1>Choose your password</h1>
      <p class="lead">
        for <strong>{email}</strong>. This link works once.
      </p>
      {error ? (
        <Notice tone="bad" title="Password not set">
          <p>{error}</p>
        </Notice>
      ) : null}
      <form method="post" action="/console/set-password" class="card stack">
        <CsrfField token={csrf} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" autocomplete="username" value={email} />
        <div class="field">
          <label for="password">New password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            minlength={MIN_PASSWORD_LENGTH}
            required
            aria-describedby="password-hint"
          />
          <p class="hint" id="password-hint">
            At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
          </p>
        </div>
        <div class="field">
          <label for="confirm">Repeat it</label>
          <input id="confirm" name="confirm" type="password" autocomplete="new-password" required />
        </div>
        <div>
          <button type="submit" class="primary">
            Set password
          </button>
        </div>
      </form>
    </div>
  </Layout>
);
