import type { FC } from 'hono/jsx';
import { CsrfField, Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface SignInPageProps {
  csrf: string;
  returnTo: string;
  email?: string;
  error?: string;
  notice?: string;
  /** Set when the console is served over https but this request arrived over plain http. */
  insecure?: string;
}

export const SignInPage: FC<SignInPageProps> = ({
  csrf,
  returnTo,
  email,
  error,
  notice,
  insecure,
}) => (
  <Layout title="Sign in">
    <div class="narrow">
      <h1>Sign in</h1>
      <p class="lead">to your agency's content-api console.</p>
      {notice ? <Notice tone="ok">{notice}</Notice> : null}
      {insecure ? (
        <Notice tone="warn" title="Open the console over https">
          <p>
            This console is configured for <a href={insecure}>{insecure}</a>; signing in over plain
            http cannot work.
          </p>
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="bad" title="Not signed in">
          <p>{error}</p>
        </Notice>
      ) : null}
      <form method="post" action="/console/sign-in" class="card stack">
        <CsrfField token={csrf} />
        <input type="hidden" name="return_to" value={returnTo} />
        <div class="field">
          <label for="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email ?? ''}
          />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
        </div>
        <div>
          <button type="submit" class="primary">
            Sign in
          </button>
        </div>
      </form>
      <p class="hint">
        No password yet, or forgotten it? Ask whoever runs content-api for your agency for a
        set-password link.
      </p>
    </div>
  </Layout>
);

export const ThrottledPage: FC<{ minutes: number }> = ({ minutes }) => (
  <Layout title="Too many attempts">
    <div class="narrow card">
      <p class="muted">Error 429</p>
      <h1>Too many failed sign-ins</h1>
      <p>
        There were too many failed attempts to sign in with this email. Try again in{' '}
        {minutes === 1 ? 'a minute' : `${minutes} minutes`}; until then every attempt for it is
        refused.
      </p>
      <p>
        <a class="button secondary" href="/console/sign-in">
          Back to sign in
        </a>
      </p>
    </div>
  </Layout>
);
