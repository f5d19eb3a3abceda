import type { FC } from 'hono/jsx';
import type { CreatedKey } from '../../auth/api-keys.service.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { CopyButton, Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { ConnectionSnippet } from './connection-snippets.js';

export interface KeyCreatedPageProps {
  user: SignedInUser;
  csrf: string;
  name: string;
  created: CreatedKey;
  snippets: ConnectionSnippet[];
}

/** The one time a key's secret is shown: with ways to use it, filled in. */
export const KeyCreatedPage: FC<KeyCreatedPageProps> = ({
  user,
  csrf,
  name,
  created,
  snippets,
}) => (
  <Layout title="Key created" user={user} csrf={csrf} section="connection">
    <p class="crumbs">
      <a href="/console/connection">Connection</a> / New key
    </p>
    <h1>Key “{name}” created</h1>
    <Notice tone="warn" title="Copy the key now">
      <p>
        This is the only time it is shown: only a hash of it is kept. If it is lost, revoke it and
        create another.
      </p>
    </Notice>
    <div class="card">
      <h2>Your key</h2>
      <div class="secret">
        <code id="new-key">{created.key}</code>
        <CopyButton target="new-key" label="Copy key" />
      </div>
      <p class="hint">
        Scopes: {created.scopes.join(', ')} ·{' '}
        {created.expires_at ? `works until ${created.expires_at}` : 'does not expire'}
      </p>
    </div>
    <div class="card">
      <h2>Use it</h2>
      {snippets.map((snippet) => (
        <section>
          <div class="snippet-head">
            <h3>{snippet.title}</h3>
            <CopyButton target={snippet.id} />
          </div>
          <p class="hint">{snippet.explanation}</p>
          <pre class="snippet">
            <code id={snippet.id}>{snippet.text}</code>
          </pre>
        </section>
      ))}
    </div>
    <p>
      <a class="button primary" href="/console/connection">
        Done
      </a>
    </p>
  </Layout>
);
