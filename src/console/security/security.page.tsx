import type { FC } from 'hono/jsx';
import type { PasskeyRow } from '../sign-in/factors/passkeys.js';
import { RECOVERY_CODE_COUNT } from '../sign-in/factors/recovery-codes.js';
import type { FactorSummary } from '../sign-in/factors/second-factors.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Badge, Notice, PostButton, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';

export interface SecurityPageProps {
  page: PageContext;
  factors: FactorSummary;
  passkeys: PasskeyRow[];
  /** Whether the account requires a second factor of everyone. */
  required: boolean;
  /** The person may do nothing else until they set one up. */
  mustEnrol: boolean;
}

/** /console/account/security: the person's second factors, and the account's requirement for owners. */
export const SecurityPage: FC<SecurityPageProps> = (props) => {
  const { page, factors, passkeys, required, mustEnrol } = props;
  const hasFactor = factors.totp || factors.passkeys > 0;
  const columns: Array<Column<PasskeyRow>> = [
    { header: 'Name', key: true, cell: (passkey) => passkey.name },
    { header: 'Added', cell: (passkey) => <Time value={passkey.created_at} /> },
    { header: 'Last used', cell: (passkey) => <Time value={passkey.last_used_at} empty="Never" /> },
    {
      header: 'Actions',
      quiet: true,
      cell: (passkey) => (
        <a
          class="button secondary small"
          href={`/console/account/security/passkeys/${passkey.id}/remove`}
        >
          Remove
        </a>
      ),
    },
  ];
  return (
    <Layout title="Security" page={page}>
      <h1>Security</h1>
      <p class="lead">
        How you sign in to {page.user.account.name}: a second factor after your password, and
        passkeys. See where you are signed in on <a href="/console/account/sessions">Sessions</a>.
      </p>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      {mustEnrol ? (
        <Notice tone="warn" title="Set up a second factor to continue">
          <p>
            {page.user.account.name} requires a second factor of everyone who signs in. Set up an
            authenticator app or add a passkey; the rest of the console opens once you have.
          </p>
        </Notice>
      ) : null}

      <section class="card stack" aria-labelledby="app-heading">
        <h2 id="app-heading">
          Authenticator app {factors.totp ? <Badge tone="ok">On</Badge> : <Badge>Off</Badge>}
        </h2>
        <p>
          A six-digit code from an app on your phone (1Password, Google Authenticator, Authy…),
          asked after your password.
        </p>
        <div>
          {factors.totp ? (
            <a class="button secondary" href="/console/account/security/app/remove">
              Remove the app
            </a>
          ) : (
            <a class="button primary" href="/console/account/security/app">
              Set up an authenticator app
            </a>
          )}
        </div>
      </section>

      <section class="card stack" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <p>
          A passkey (your device's fingerprint, face or PIN, or a security key) signs you in without
          a password, and stands as a second factor after one.
        </p>
        <Table columns={columns} rows={passkeys} empty={<p class="muted">No passkeys yet.</p>} />
        <div>
          <a class="button secondary" href="/console/account/security/passkeys/new">
            Add a passkey
          </a>
        </div>
      </section>

      {hasFactor ? (
        <section class="card stack" aria-labelledby="recovery-heading">
          <h2 id="recovery-heading">Recovery codes</h2>
          <p>
            For when your app or passkeys are out of reach: each works once instead of a code.{' '}
            <strong>
              {factors.recoveryCodesLeft} of {RECOVERY_CODE_COUNT}
            </strong>{' '}
            left.
          </p>
          <div>
            <a class="button secondary" href="/console/account/security/recovery-codes/new">
              Make new recovery codes
            </a>
          </div>
        </section>
      ) : null}

      {page.user.role === 'owner' ? (
        <section class="card stack" aria-labelledby="policy-heading">
          <h2 id="policy-heading">
            Second factor for everyone{' '}
            {required ? <Badge tone="ok">Required</Badge> : <Badge>Not required</Badge>}
          </h2>
          <p>
            {required
              ? `Everyone on ${page.user.account.name} needs a second factor; whoever has none sets one up at their next sign-in before anything else.`
              : `Require it, and everyone on ${page.user.account.name} without a second factor sets one up at their next sign-in before anything else.`}
          </p>
          <PostButton
            action="/console/account/security/requirement"
            csrf={page.csrf}
            class="secondary"
          >
            {required ? 'Stop requiring a second factor' : 'Require a second factor'}
          </PostButton>
        </section>
      ) : null}
    </Layout>
  );
};
