import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { ConfirmForm, CopyButton, Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';

/** New recovery codes, shown this once. */
export const RecoveryCodesPage: FC<{ page: PageContext; codes: string[] }> = ({ page, codes }) => (
  <Layout title="Your recovery codes" page={page}>
    <div class="narrow">
      <h1>Your recovery codes</h1>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      <Notice tone="warn" title="Save them now: they are not shown again">
        <p>
          Keep them in your password manager or on paper. Each works once, instead of a code from
          your app or a passkey, if you lose those.
        </p>
      </Notice>
      <div class="card stack">
        <pre id="recovery-codes" class="codes">
          {codes.join('\n')}
        </pre>
        <div>
          <CopyButton target="recovery-codes" label="Copy the codes" />
        </div>
      </div>
      <p>
        <a class="button primary" href="/console/account/security">
          I have saved them
        </a>
      </p>
    </div>
  </Layout>
);

/** Before replacing the codes: the old ones stop working. */
export const NewRecoveryCodesPage: FC<{ page: PageContext }> = ({ page }) => (
  <Layout title="Make new recovery codes" page={page}>
    <div class="narrow">
      <h1>Make new recovery codes?</h1>
      <p class="lead">
        Ten new codes are shown once; every code you have now stops working, used or not.
      </p>
      <ConfirmForm
        action="/console/account/security/recovery-codes"
        csrf={page.csrf}
        label="Make new codes"
        cancel="/console/account/security"
      />
    </div>
  </Layout>
);
