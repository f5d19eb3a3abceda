import { validateArticle, validateBacklink, validateSite } from '../import/index.js';
import { generateDemoDocument } from './demo-data.generator.js';

const NOW = new Date('2026-11-03T09:30:00Z');
const EIGHTEEN_MONTHS_AGO = new Date('2025-05-03T00:00:00Z');

type Item = Record<string, unknown>;

describe('generateDemoDocument', () => {
  const document = generateDemoDocument(NOW);
  const articles = document.sites.flatMap((site) => site.articles as Item[]);
  const backlinks = document.sites.flatMap((site) => site.backlinks as Item[]);

  it('is the same for the same seed and moment, and differs for another seed', () => {
    expect(JSON.stringify(generateDemoDocument(NOW))).toBe(JSON.stringify(document));
    expect(JSON.stringify(generateDemoDocument(NOW, 7))).not.toBe(JSON.stringify(document));
  });

  it('holds three sites in different industries and countries, ~150 articles and ~2,000 backlinks', () => {
    expect(document.sites).toHaveLength(3);
    expect(new Set(document.sites.map((site) => site.industry)).size).toBe(3);
    expect(new Set(document.sites.map((site) => site.country)).size).toBe(3);
    expect(articles.length).toBeGreaterThanOrEqual(140);
    expect(articles.length).toBeLessThanOrEqual(160);
    expect(backlinks.length).toBeGreaterThanOrEqual(1_900);
    expect(backlinks.length).toBeLessThanOrEqual(2_100);
  });

  it('passes the import rules, item by item', () => {
    document.sites.forEach((site, i) => {
      const fields = Object.fromEntries(
        Object.entries(site).filter(([key]) => key !== 'articles' && key !== 'backlinks'),
      );
      expect(validateSite(fields, `$.sites[${i}]`)).not.toBeInstanceOf(Array);
    });
    for (const article of articles) {
      expect(validateArticle(article, '$', { maxNesting: 256 })).not.toBeInstanceOf(Array);
    }
    for (const backlink of backlinks) {
      expect(validateBacklink(backlink, '$')).not.toBeInstanceOf(Array);
    }
  });

  it('gives every article body protected backlink and internal links', () => {
    for (const article of articles) {
      expect(article.body).toMatch(/<a href="https:\/\/[^"]+" data-service-protected="backlink"/);
      expect(article.body).toMatch(/<a href="https:\/\/[^"]+" data-service-protected="internal"/);
    }
  });

  it('uses every article status, with dates that fit each', () => {
    const byStatus = (status: string) => articles.filter((a) => a.status === status);
    for (const status of ['draft', 'scheduled', 'published', 'unpublished']) {
      expect(byStatus(status).length).toBeGreaterThan(0);
    }
    expect(byStatus('draft').every((a) => a.published_at === null)).toBe(true);
    for (const a of byStatus('scheduled'))
      expect(new Date(a.published_at as string) > NOW).toBe(true);
    for (const a of [...byStatus('published'), ...byStatus('unpublished')]) {
      const at = new Date(a.published_at as string);
      expect(at < NOW && at >= EIGHTEEN_MONTHS_AGO).toBe(true);
    }
  });

  it('spreads backlinks over the last 18 months, in both categories, with varied anchors and statuses', () => {
    const dates = backlinks.map((b) => new Date(b.acquired_at as string));
    expect(dates.every((at) => at <= NOW && at >= EIGHTEEN_MONTHS_AGO)).toBe(true);
    const months = new Set(dates.map((at) => at.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(18);
    expect(new Set(backlinks.map((b) => b.category))).toEqual(new Set(['industry', 'local']));
    expect(new Set(backlinks.map((b) => b.anchor_type))).toEqual(
      new Set(['exact', 'partial', 'branded', 'naked_url', 'generic', 'image']),
    );
    expect(new Set(backlinks.map((b) => b.status))).toEqual(new Set(['live', 'pending', 'lost']));
    expect(new Set(backlinks.map((b) => b.ref)).size).toBe(backlinks.length);
  });
});
