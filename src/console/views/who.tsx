import type { FC } from 'hono/jsx';

/**
 * Who did something, as the activity log and revisions name them. One place
 * to extend when a new kind of actor appears.
 */
export type Actor =
  | { kind: 'key'; name: string | null; prefix: string }
  | { kind: 'assistant'; name: string }
  | { kind: 'user'; name: string | null; email: string }
  | { kind: 'operator' }
  | { kind: 'import' }
  | { kind: 'nobody' };

/** The columns a query selects to name an actor (LEFT JOINs of api_keys, users and oauth_connections). */
export interface ActorColumns {
  key_name: string | null;
  key_prefix: string | null;
  user_name: string | null;
  user_email: string | null;
  /** The connected assistant's name, for calls and edits made through its connection. */
  assistant_name?: string | null;
  /** `article_revisions.actor`: who made a revision when no key or user did. */
  actor?: string | null;
}

export function actorOf(row: ActorColumns): Actor {
  if (row.key_prefix !== null) return { kind: 'key', name: row.key_name, prefix: row.key_prefix };
  if (row.assistant_name != null) return { kind: 'assistant', name: row.assistant_name };
  if (row.user_email !== null) return { kind: 'user', name: row.user_name, email: row.user_email };
  if (row.actor === 'cli') return { kind: 'operator' };
  if (row.actor === 'import') return { kind: 'import' };
  return { kind: 'nobody' };
}

export const Who: FC<{ actor: Actor }> = ({ actor }) => {
  switch (actor.kind) {
    case 'key':
      return (
        <span>
          {actor.name ?? <span class="muted">(no name)</span>}
          <span class="hint who-detail">
            key <code>{actor.prefix}…</code>
          </span>
        </span>
      );
    case 'assistant':
      return (
        <span>
          {actor.name}
          <span class="hint who-detail">connected assistant</span>
        </span>
      );
    case 'user':
      return (
        <span>
          {actor.name ?? actor.email}
          <span class="hint who-detail">{actor.name === null ? 'person' : actor.email}</span>
        </span>
      );
    case 'operator':
      return <span class="muted">Operator (command line)</span>;
    case 'import':
      return <span class="muted">Import</span>;
    case 'nobody':
      return <span class="muted">No valid credential</span>;
  }
};
