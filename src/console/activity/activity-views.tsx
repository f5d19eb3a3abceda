import type { FC } from 'hono/jsx';
import type { Tone } from '../views/components.js';

export const CHANNEL_LABELS: Record<string, string> = {
  api: 'API',
  mcp: 'Agent (MCP)',
  console: 'Console',
  email: 'Email',
};

export function statusTone(status: number): Tone {
  if (status >= 500) return 'bad';
  if (status >= 400) return 'warn';
  return 'ok';
}

/** The link to the revision a call made, when it made one. */
export const RevisionMade: FC<{ articleId: number | null; revision: number | null }> = ({
  articleId,
  revision,
}) =>
  articleId !== null && revision !== null ? (
    <a href={`/console/articles/${articleId}/revisions/${revision}`}>
      Revision {revision} of article {articleId} →
    </a>
  ) : null;
