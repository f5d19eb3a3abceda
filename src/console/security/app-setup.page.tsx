import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface AppSetupPageProps {
  page: PageContext;
  /** The QR code of the otpauth:// address, as an SVG data: URL made on the server. */
  qr: string;
  /** The secret, for typing into an app that cannot scan. */
  secret: string;
  error?: string;
}

/** Setting up an authenticator app: scan (or type), then confirm with a code it shows. */
export const AppSetupPage: FC<AppSetupPageProps> = ({ page, qr, secret, error }) => (
  <Layout title="Set up an authenticator app" page={page}>
    <div class="narrow">
      <h1>Set up an authenticator app</h1>
      <p class="lead">
        Scan this code with the app, then type the six digits it shows. The secret is shown only
        until you confirm.
      </p>
      {error ? (
        <Notice tone="bad" title="Not set up">
          <p>{error}</p>
        </Notice>
      ) : null}
      <div class="card stack">
        <img
          class="qr"
          src={qr}
          width="220"
          height="220"
          alt="QR code of the secret for your authenticator app"
        />
        <p class="hint">
          Cannot scan? Type this key into the app (time-based, 6 digits, 30 seconds):
        </p>
        <p>
          <code id="totp-secret" class="secret">
            {secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </p>
      </div>
      <form method="post" action="/console/account/security/app" class="card stack">
        <CsrfField token={page.csrf} />
        <Field id="code" label="Code from the app" hint="Six digits; they change every 30 seconds.">
          <input
            id="code"
            name="code"
            type="text"
            inputmode="numeric"
            autocomplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxlength={7}
            required
            aria-describedby="code-hint"
          />
        </Field>
        <Submit>Confirm and turn on</Submit>
      </form>
      <p class="hint">
        <a href="/console/account/security">Back to Security</a>
      </p>
    </div>
  </Layout>
);
