import { formatTimestamp } from '../common/dates.js';
import { DEMO_SITES, DemoSiteProfile } from './demo-catalog.js';
import { SeededRandom } from './seeded-random.js';

/** The seed of the data every demo account gets; any fixed number. */
export const DEMO_SEED = 20_261_103;

const DAY_MS = 86_400_000;
/** Eighteen months, in days: the span the demo history covers. */
const HISTORY_DAYS = 548;

interface PlannedArticle {
  ref: string;
  title: string;
  keyword: string;
  url: string;
}

/** An import document (operations.md, "Import file") as plain data. */
export interface ImportDocument {
  sites: Array<Record<string, unknown>>;
}

/**
 * The demo agency's data as an import document: three sites, their articles
 * (bodies with protected backlink and internal links) and backlinks, dated
 * over the 18 months before `now`. The same seed and `now` always give the
 * same document.
 */
export function generateDemoDocument(now: Date, seed = DEMO_SEED): ImportDocument {
  const random = new SeededRandom(seed);
  const today = Math.floor(now.getTime() / 1000) * 1000;
  return {
    sites: DEMO_SITES.map((profile) => {
      const planned = planArticles(profile, random);
      return {
        ref: profile.ref,
        name: profile.name,
        website_url: profile.websiteUrl,
        language: profile.language,
        country: profile.country,
        geographic_scope: profile.geographicScope,
        industry: profile.industry,
        articles: planned.map((article) => articleOf(profile, article, planned, random, today)),
        backlinks: Array.from({ length: profile.backlinkCount }, (_, i) =>
          backlinkOf(profile, i, planned, random, today),
        ),
      };
    }),
  };
}

function planArticles(profile: DemoSiteProfile, random: SeededRandom): PlannedArticle[] {
  const used = new Set<string>();
  const planned: PlannedArticle[] = [];
  while (planned.length < profile.articleCount) {
    const keyword = random.pick(profile.keywords);
    const title = fill(random.pick(profile.titles), profile, keyword);
    const ref = slug(title);
    if (used.has(ref)) continue;
    used.add(ref);
    planned.push({ ref, title, keyword, url: `${profile.websiteUrl}/blog/${ref}` });
  }
  return planned;
}

function articleOf(
  profile: DemoSiteProfile,
  article: PlannedArticle,
  all: PlannedArticle[],
  random: SeededRandom,
  today: number,
): Record<string, unknown> {
  const status = random.weighted({ published: 74, scheduled: 8, draft: 11, unpublished: 7 });
  const publishedAt =
    status === 'draft'
      ? null
      : status === 'scheduled'
        ? today + random.int(1, 30) * DAY_MS + random.int(7, 10) * 3_600_000
        : pastInstant(random, today);
  return {
    ref: article.ref,
    title: article.title,
    url: article.url,
    status,
    published_at: publishedAt === null ? null : formatTimestamp(new Date(publishedAt)),
    target_keyword: article.keyword,
    featured_image_url: random.chance(0.85)
      ? `https://images.example/${profile.ref}/${article.ref}.jpg`
      : null,
    body: bodyOf(profile, article, all, random),
  };
}

function bodyOf(
  profile: DemoSiteProfile,
  article: PlannedArticle,
  all: PlannedArticle[],
  random: SeededRandom,
): string {
  const sentences = random
    .sample(profile.sentences, 12)
    .map((sentence) => fill(sentence, profile, article.keyword));
  const [first, second] = random.sample(profile.headings, 2);
  const partner = random.pick(profile.partners);
  const related = random.sample(
    all.filter((other) => other.ref !== article.ref),
    2,
  );
  const backlink = `<a href="${partner.url}" data-service-protected="backlink" rel="noopener">${escape(random.pick(partner.anchors))}</a>`;
  const internal = related.map(
    (other) =>
      `<a href="${other.url}" data-service-protected="internal">${escape(other.title)}</a>`,
  );
  const tips = random.sample(profile.tips, random.int(3, 5));
  return [
    `<p>${escape(sentences.slice(0, 3).join(' '))}</p>`,
    `<h2>${escape(first)}</h2>`,
    `<p>${escape(sentences.slice(3, 6).join(' '))} We often recommend ${backlink} to our customers.</p>`,
    `<ul>${tips.map((tip) => `<li>${escape(tip)}</li>`).join('')}</ul>`,
    `<h2>${escape(second)}</h2>`,
    `<p>${escape(sentences.slice(6, 9).join(' '))} Read more in ${internal.join(' and ')}.</p>`,
    `<p>${escape(sentences.slice(9).join(' '))}</p>`,
  ].join('\n');
}

function backlinkOf(
  profile: DemoSiteProfile,
  index: number,
  planned: PlannedArticle[],
  random: SeededRandom,
  today: number,
): Record<string, unknown> {
  const category = random.chance(profile.localShare) ? 'local' : 'industry';
  const domain = random.pick(category === 'local' ? profile.localDomains : profile.industryDomains);
  const acquiredAt = growingInstant(random, today);
  const ageDays = (today - acquiredAt) / DAY_MS;
  const roll = random.next();
  const status =
    roll < 0.04 ? 'pending' : roll < 0.04 + (ageDays / HISTORY_DAYS) * 0.2 ? 'lost' : 'live';
  const article = random.pick(planned);
  const target = random.weighted({ home: 40, article: 40, service: 20 });
  const anchorType = random.weighted({
    branded: 30,
    partial: 20,
    exact: 12,
    naked_url: 15,
    generic: 15,
    image: 8,
  });
  return {
    ref: `${profile.ref}-bl-${String(index + 1).padStart(4, '0')}`,
    acquired_at: formatTimestamp(new Date(acquiredAt)),
    source_domain: domain,
    source_url: `https://${domain}/${slug(fill(random.pick(profile.titles), profile, article.keyword))}`,
    target_url:
      target === 'home'
        ? `${profile.websiteUrl}/`
        : target === 'article'
          ? article.url
          : `${profile.websiteUrl}${random.pick(profile.servicePages)}`,
    anchor_text: anchorText(anchorType, profile, article.keyword, random),
    anchor_type: anchorType,
    status,
    category,
  };
}

function anchorText(
  type: string,
  profile: DemoSiteProfile,
  keyword: string,
  random: SeededRandom,
): string {
  switch (type) {
    case 'branded':
      return random.chance(0.7) ? profile.name : `${profile.name} ${profile.city}`;
    case 'exact':
      return keyword;
    case 'partial':
      return random.pick([`best ${keyword}`, `${keyword} in ${profile.city}`, `${keyword} tips`]);
    case 'naked_url':
      return profile.websiteUrl.replace('https://', 'www.');
    case 'image':
      return `${profile.name} logo`;
    default:
      return random.pick(['click here', 'read more', 'this website', 'learn more', 'here']);
  }
}

/** A moment in the last 18 months, uniformly. */
function pastInstant(random: SeededRandom, today: number): number {
  return today - random.int(1, HISTORY_DAYS) * DAY_MS - random.int(0, 86_399) * 1000;
}

/** A moment in the last 18 months, more often recent: link building grows over time. */
function growingInstant(random: SeededRandom, today: number): number {
  const age = Math.floor(Math.sqrt(random.next()) * HISTORY_DAYS);
  return today - (HISTORY_DAYS - 1 - age) * DAY_MS - random.int(0, 86_399) * 1000;
}

function fill(template: string, profile: DemoSiteProfile, keyword: string): string {
  return template
    .replaceAll('{K}', keyword.charAt(0).toUpperCase() + keyword.slice(1))
    .replaceAll('{k}', keyword)
    .replaceAll('{city}', profile.city);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
