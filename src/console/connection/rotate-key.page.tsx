import type { FC } from 'hono/jsx';
import type { KeyView } from '../../auth/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { DEFAULT_OVERLAP_HOURS, OVERLAP_CHOICES } from './rotation-overlap.js';

/** Rotate's confirmation: what happens, and how long the old secret keeps working. */
export const RotateKeyPage: FC<{ page: PageContext; keyView: KeyView; problem?: string }> = ({
  page,
  keyView,
  problem,
}) => (
  <Layout title="Rotate key" page={page} section="connection">
    <p class="crumbs">
      <a href="/console/connection">Connection</a> / Rotate
    </p>
    <div class="card stack">
      <h1>Rotate “{keyView.name ?? keyView.prefix}”?</h1>
      <p>
        Key <code>{keyView.prefix}…</code> ({keyView.scopes.join(', ')}), last used{' '}
        <Time value={keyView.last_used_at} empty="never" />. Rotating makes a new secret with the
        same name, scopes and last day, shown once. The old secret keeps working for the overlap you
        pick, so that scripts and agents can move to the new one without downtime; then it is
        revoked.
      </p>
      {problem ? (
        <Notice tone="bad" title="The key was not rotated">
          <p>{problem}</p>
        </Notice>
      ) : null}
      <form method="post" action={`/console/connection/keys/${keyView.id}/rotate`} class="stack">
        <CsrfField token={page.csrf} />
        <Field
          id="overlap"
          label="The old secret keeps working for"
          hint="Up to 7 days; you can still revoke it earlier."
        >
          <select id="overlap" name="overlap" aria-describedby="overlap-hint">
            {OVERLAP_CHOICES.map((choice) => (
              <option
                value={String(choice.hours)}
                selected={choice.hours === DEFAULT_OVERLAP_HOURS}
              >
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        <div class="row">
          <button type="submit" class="primary">
            Rotate key
          </button>
          <a class="button secondary" href="/console/connection">
            Cancel
          </a>
        </div>
      </form>
    </div>
  </Layout>
);
