import type { DataSource } from 'typeorm';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedSite,
  type SeededAccount,
} from './fixtures.js';
import type { TestApp } from './test-app.js';

/** A body with one protected backlink anchor and one protected internal link. */
export const PROTECTED_BODY =
  '<p>Start with the <a href="https://partner.example/" data-service-protected="backlink">trusted partner</a>, ' +
  'then read <a href="https://acme.example/guide" data-service-protected="internal">our guide</a>.</p>';

export interface ReportingAccounts {
  owner: SeededAccount;
  other: SeededAccount;
  siteId: number;
  articleId: number;
  otherSiteId: number;
  otherArticleId: number;
}

/** An agency with two sites, articles and backlinks, and another agency the key must not see. */
export async function seedReportingAccounts(db: DataSource): Promise<ReportingAccounts> {
  const owner = await seedAccount(db);
  const other = await seedAccount(db, { name: 'Other agency' });
  const siteId = await seedSite(db, owner.accountId, { name: 'Acme Plumbing' });
  await seedSite(db, owner.accountId, { name: 'Acme Heating' });
  const articleId = await seedArticle(db, siteId, {
    title: 'How to bleed a radiator',
    body: PROTECTED_BODY,
    published_at: '2026-10-02T09:00:00Z',
  });
  await seedArticle(db, siteId, { title: 'Draft', status: 'draft', published_at: null });
  await seedArticle(db, siteId, { title: 'Boilers', published_at: '2026-10-20T08:00:00Z' });
  await seedBacklink(db, siteId, { acquired_at: '2026-10-05T00:00:00Z', category: 'local' });
  await seedBacklink(db, siteId, { acquired_at: '2026-10-09T00:00:00Z', category: 'industry' });
  await seedBacklink(db, siteId, { acquired_at: '2026-11-01T00:00:00Z', category: 'industry' });
  const otherSiteId = await seedSite(db, other.accountId, { name: 'Not yours' });
  const otherArticleId = await seedArticle(db, otherSiteId, { body: PROTECTED_BODY });
  return { owner, other, siteId, articleId, otherSiteId, otherArticleId };
}

/** Each read tool with arguments, and the endpoint request that must answer exactly the same. */
export function readCalls(a: ReportingAccounts): Array<[string, Record<string, unknown>, string]> {
  return [
    ['list_sites', {}, '/api/v1/sites'],
    ['list_sites', { page: 2, per_page: 1 }, '/api/v1/sites?page=2&per_page=1'],
    [
      'list_articles',
      { site_id: a.siteId, status: 'published', from: '2026-10-01', to: '2026-10-31' },
      `/api/v1/sites/${a.siteId}/articles?status=published&from=2026-10-01&to=2026-10-31`,
    ],
    ['get_article', { article_id: a.articleId }, `/api/v1/articles/${a.articleId}`],
    [
      'list_backlinks',
      { site_id: a.siteId, per_page: 2, page: 1 },
      `/api/v1/sites/${a.siteId}/backlinks?per_page=2&page=1`,
    ],
    [
      'get_stats',
      { site_id: a.siteId, period: '2026-10' },
      `/api/v1/sites/${a.siteId}/stats?period=2026-10`,
    ],
    [
      'get_stats',
      { site_id: a.siteId, from: '2026-10-01', to: '2026-10-06' },
      `/api/v1/sites/${a.siteId}/stats?from=2026-10-01&to=2026-10-06`,
    ],
  ];
}

/** The learning log of one key, oldest first, once the buffered rows are written. */
export async function loggedCalls(t: TestApp, keyId: number) {
  await t.app.get(LearningLogWriter).flush();
  return t.db.query<Array<{ channel: string; operation: string; status: number; error: string }>>(
    `SELECT channel, operation, status, error FROM learning_log
      WHERE key_id = $1 ORDER BY occurred_at, id`,
    [keyId],
  );
}
