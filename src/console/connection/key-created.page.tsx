import type { FC } from 'hono/jsx';
import type { CreatedKey } from '../../auth/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { CopyButton, Notice, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { ConnectionSnippet } from './connection-snippets.js';
import { KeyExpiry } from './key-expiry.js';

export interface KeyCreatedPageProps {
  page: PageContext;
  name: string;
  created: CreatedKey;
  /** The rotated key it replaces, and when that one stops working. */
  replaces?: { prefix: string; until: string };
  snippets: ConnectionSnippet[];
}

/** The one time a key's secret is shown: with ways to use it, filled in. */
export const KeyCreatedPage: FC<KeyCreatedPageProps> = ({
  page,
  name,
  created,
  replaces,
  snippets,
}) => (
  <Layout title={replaces ? 'Key rotated' : 'Key created'} page={page} section="connection">
    <p class="crumbs">
      <a href="/console/connection">Connection</a> / New key
    </p>
    <h1>{replaces ? `Key “${name}” rotated` : `Key “${name}” created`}</h1>
    {replaces ? (
      <Notice tone="info" title="Both secrets work for now">
        <p>
          The old key <code>{replaces.prefix}…</code> keeps working until{' '}
          <Time value={replaces.until} />, then it is revoked. Move your scripts and agents to the
          new secret below before then.
        </p>
      </Notice>
    ) : null}
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
        <KeyExpiry value={created.expires_at} sentence empty="does not expire" />
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
