import type { FC } from 'hono/jsx';
import { OutLink } from './components.js';

/**
 * A featured image: previewed when this service serves it (its media), since
 * console pages load nothing from other sites; otherwise its address, as a link.
 */
export const FeaturedImage: FC<{ url: string | null; ownOrigins: string[] }> = ({
  url,
  ownOrigins,
}) => {
  if (url === null) return <span class="muted">None</span>;
  return (
    <div>
      <OutLink href={url} />
      {servedBy(url, ownOrigins) ? (
        <img class="thumb" src={url} alt="Featured image" loading="lazy" />
      ) : (
        <p class="hint">Hosted elsewhere: not loaded in the console.</p>
      )}
    </div>
  );
};

function servedBy(url: string, origins: string[]): boolean {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}
