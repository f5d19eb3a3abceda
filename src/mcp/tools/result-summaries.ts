import type { SuccessBody } from './agent-tool.js';
import type { ApiResponse } from './api-request.js';

/** The first text block of a successful result: what came back, in a sentence, and the next step. */

interface ArticleView {
  id: number;
  site_id: number;
  title: string | null;
  word_count: number | null;
  featured_image_url: string | null;
  protected_links?: unknown[];
}

interface StatsView {
  site_id: number;
  from: string;
  to: string;
  articles_published: number;
  backlinks_acquired: number;
  backlinks_industry: number;
  backlinks_local: number;
}

function count(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

export function pageSummary(singular: string, plural: string, tool: string) {
  return (body: SuccessBody): string => {
    const shown = Array.isArray(body.data) ? body.data.length : 0;
    const meta = body.meta;
    if (meta === undefined) return `${count(shown, singular, plural)}.`;
    const line = `${count(meta.total, singular, plural)} in total; page ${meta.page} of ${meta.last_page} shows ${shown}.`;
    return meta.page < meta.last_page
      ? `${line} Call ${tool} with page=${meta.page + 1} (same filters and per_page) for the next ones.`
      : line;
  };
}

export function articleSummary(body: SuccessBody, response: ApiResponse): string {
  const article = body.data as ArticleView;
  const links = article.protected_links?.length ?? 0;
  const line =
    `Article ${article.id} "${article.title ?? '(untitled)'}" on site ${article.site_id}: ` +
    `${count(article.word_count ?? 0, 'word', 'words')}, ` +
    `${count(links, 'protected link', 'protected links')} that any edit must keep unchanged.`;
  const etag = response.headers.etag;
  return etag === undefined
    ? line
    : `${line} ETag ${etag}: pass it as if_match to update_article or replace_featured_image to have the edit refused if someone changed the article since.`;
}

export function editSummary(body: SuccessBody): string {
  const article = body.data as ArticleView;
  return (
    `Article ${article.id} now has the title and body shown (${count(article.word_count ?? 0, 'word', 'words')}). ` +
    'A change is kept as a revision with origin mcp that can be restored from the article page; an edit that changed nothing was neither saved nor counted.'
  );
}

export function featuredImageSummary(body: SuccessBody): string {
  const article = body.data as ArticleView;
  return `Article ${article.id} now has the featured image ${article.featured_image_url ?? '(none)'}. The previous one is kept in a revision with origin mcp.`;
}

export function statsSummary(body: SuccessBody): string {
  const stats = body.data as StatsView;
  return (
    `Site ${stats.site_id}, ${stats.from} to ${stats.to} (UTC, inclusive): ` +
    `${count(stats.articles_published, 'article', 'articles')} published, ` +
    `${count(stats.backlinks_acquired, 'backlink', 'backlinks')} acquired ` +
    `(${stats.backlinks_industry} industry, ${stats.backlinks_local} local).`
  );
}
