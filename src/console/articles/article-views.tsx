import type { FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/html/protected-links.service.js';
import { Empty, OutLink } from '../views/components.js';

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

export const ProtectedLinksTable: FC<{ links: ProtectedLink[] }> = ({ links }) =>
  links.length === 0 ? (
    <Empty title="No protected links">
      <p>This body has no inserted backlinks or internal links.</p>
    </Empty>
  ) : (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Text</th>
            <th scope="col">Link</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr>
              <td>{link.type === 'backlink' ? 'Backlink' : 'Internal link'}</td>
              <td>{link.text}</td>
              <td>
                <OutLink href={link.href} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
