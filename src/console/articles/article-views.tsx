import type { Child, FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/index.js';
import { Empty, OutLink } from '../views/components.js';
import { type Column, Table } from '../views/table.js';
import type { ArticleSite } from './article.reads.js';

/** The trail above every page of an article's revisions: the overview, the site, the article, `children`. */
export const ArticleCrumbs: FC<{
  site: ArticleSite;
  articleId: number;
  articleTitle: string;
  children?: Child;
}> = ({ site, articleId, articleTitle, children }) => (
  <p class="crumbs">
    <a href="/console">Overview</a> /{' '}
    <a href={`/console/sites/${site.id}`}>{site.name ?? `Site ${site.id}`}</a> /{' '}
    <a href={`/console/articles/${articleId}`}>{articleTitle}</a> / {children}
  </p>
);

/** The body twice: rendered in a sandboxed frame, and as its escaped HTML source. */
export const ArticleBody: FC<{ frameSrc: string; body: string; label: string }> = ({
  frameSrc,
  body,
  label,
}) => (
  <div>
    <iframe
      class="body"
      src={frameSrc}
      title={label}
      sandbox=""
      loading="lazy"
      referrerpolicy="no-referrer"
    ></iframe>
    <details class="source">
      <summary>HTML source</summary>
      <pre>
        <code>{body}</code>
      </pre>
    </details>
  </div>
);

const LINK_COLUMNS: Array<Column<ProtectedLink>> = [
  {
    header: 'Type',
    cell: (link) => (link.type === 'backlink' ? 'Backlink' : 'Internal link'),
  },
  { header: 'Text', key: true, cell: (link) => link.text },
  { header: 'Link', cell: (link) => <OutLink href={link.href} /> },
];

export const ProtectedLinksTable: FC<{ links: ProtectedLink[] }> = ({ links }) => (
  <Table
    columns={LINK_COLUMNS}
    rows={links}
    empty={
      <Empty title="No protected links">
        <p>This body has no inserted backlinks or internal links.</p>
      </Empty>
    }
  />
);

const ORIGIN_LABELS: Record<string, string> = {
  api: 'API',
  mcp: 'Agent (MCP)',
  editor: 'Editor',
  rewrite: 'Rewrite',
};

export function originLabel(origin: string): string {
  return ORIGIN_LABELS[origin] ?? origin;
}
