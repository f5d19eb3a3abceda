import type { FC } from 'hono/jsx';
import { MAX_PASSKEY_NAME } from '../sign-in/factors/passkeys.js';
import { PasskeyForm } from '../sign-in/passkey-form.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Field, Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';

/** Adding a passkey: a name to know it by, then the browser's own dialog. */
export const NewPasskeyPage: FC<{ page: PageContext; name?: string; error?: string }> = ({
  page,
  name,
  error,
}) => (
  <Layout title="Add a passkey" page={page}>
    <div class="narrow">
      <h1>Add a passkey</h1>
      <p class="lead">
        Name it after the device or key that keeps it, then follow your browser's prompts.
      </p>
      {error ? (
        <Notice tone="bad" title="No passkey added">
          <p>{error}</p>
        </Notice>
      ) : null}
      <noscript>
        <Notice tone="warn">Adding a passkey needs JavaScript in this browser.</Notice>
      </noscript>
      <PasskeyForm
        purpose="register"
        action="/console/account/security/passkeys"
        csrf={page.csrf}
        label="Add passkey"
        class="card stack"
      >
        <Field id="name" label="Name" hint="For example “Work laptop” or “Blue security key”.">
          <input
            id="name"
            name="name"
            type="text"
            maxlength={MAX_PASSKEY_NAME}
            required
            value={name ?? ''}
            aria-describedby="name-hint"
          />
        </Field>
      </PasskeyForm>
      <p class="hint">
        <a href="/console/account/security">Back to Security</a>
      </p>
    </div>
  </Layout>
);
