import type { DataSource } from 'typeorm';

/**
 * Generated data for the report tests: articles, backlinks and revisions of
 * one site, drawn from a seeded generator so every run has the same rows,
 * over 2023-01-01 to 2024-04-30 — month ends, February 2023 and the leap
 * February 2024 with its 29th, and many rows exactly at the first and last
 * second of a day, where an off-by-one would move them.
 */
export const WINDOW = { from: '2023-01-01', to: '2024-04-30' };

const ANCHOR_TYPES = ['exact', 'partial', 'branded', 'naked_url', 'generic', 'image', null];
const STATUSES = ['live', 'live', 'pending', 'lost', null];
const ARTICLE_STATUSES = ['published', 'published', 'draft', 'scheduled', 'unpublished', null];
const ORIGINS = ['api', 'mcp', 'editor', 'rewrite'] as const;

/** The instants the data concentrates on: edges of months and of 29 February. */
const EDGES = [
  '2023-01-31',
  '2023-02-01',
  '2023-02-28',
  '2023-03-01',
  '2024-01-31',
  '2024-02-01',
  '2024-02-28',
  '2024-02-29',
  '2024-03-01',
  '2024-03-31',
  '2024-04-01',
];

/** mulberry32: a small seeded generator, the same numbers on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedSite {
  articleUrls: string[];
}

/** Fills `siteId` with generated rows; `seed` varies them between sites. */
export async function generateSiteData(
  db: DataSource,
  siteId: number,
  seed: number,
  size = { articles: 160, backlinks: 900, revisions: 120 },
): Promise<GeneratedSite> {
  const random = generator(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const start = Date.parse(`${WINDOW.from}T00:00:00Z`);
  const span = Date.parse(`${WINDOW.to}T23:59:59Z`) - start;
  const instant = (): string | null => {
    const draw = random();
    if (draw < 0.05) return null;
    if (draw < 0.45) {
      const second = pick(['00:00:00', '23:59:59', '12:00:00']);
      return `${pick(EDGES)}T${second}Z`;
    }
    return new Date(start + Math.floor(random() * (span / 1000)) * 1000)
      .toISOString()
      .replace('.000Z', 'Z');
  };
  const articleUrls = Array.from(
    { length: 12 },
    (_, i) => `https://site-${siteId}.example/blog/post-${i}`,
  );

  const articles = Array.from({ length: size.articles }, (_, i) => ({
    title: `Article ${i} of site ${siteId}`,
    url: i < articleUrls.length ? articleUrls[i] : `https://site-${siteId}.example/a/${i}`,
    status: pick(ARTICLE_STATUSES),
    published_at: instant(),
  }));
  const articleIds: number[] = (
    await db.query(
      `INSERT INTO articles (site_id, title, url, status, published_at, body)
       SELECT $1, t, u, s, p, '<p>Body</p>'
         FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS x(t, u, s, p)
       RETURNING id`,
      [
        siteId,
        articles.map((a) => a.title),
        articles.map((a) => a.url),
        articles.map((a) => a.status),
        articles.map((a) => a.published_at),
      ],
    )
  ).map((row: { id: number }) => row.id);

  // Revision 1 of every article came with an import; later ones are edits of every origin.
  await db.query(
    `INSERT INTO article_revisions (article_id, number, title, body, origin, actor, created_at)
     SELECT id, 1, 'Imported', '<p>Body</p>', 'editor', 'import', $2::timestamptz
       FROM unnest($1::int[]) id`,
    [articleIds, '2024-02-29T10:00:00Z'],
  );
  const revisions = Array.from({ length: size.revisions }, (_, i) => ({
    article: articleIds[Math.floor(random() * articleIds.length)],
    number: i + 2,
    origin: pick(ORIGINS),
    actor: random() < 0.1 ? 'import' : null,
    created_at: instant() ?? '2024-03-15T08:00:00Z',
  }));
  await db.query(
    `INSERT INTO article_revisions (article_id, number, title, body, origin, actor, created_at)
     SELECT a, n + 1000, 'Edited', '<p>Edited</p>', o, actor, c
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[]) AS x(a, n, o, actor, c)`,
    [
      revisions.map((r) => r.article),
      revisions.map((r) => r.number),
      revisions.map((r) => r.origin),
      revisions.map((r) => r.actor),
      revisions.map((r) => r.created_at),
    ],
  );

  const domains = Array.from({ length: 40 }, (_, i) => `source-${i}.example`);
  const backlinks = Array.from({ length: size.backlinks }, () => ({
    acquired_at: instant(),
    source_domain: random() < 0.03 ? null : pick(domains.slice(0, 5 + Math.floor(random() * 35))),
    target_url:
      random() < 0.03
        ? null
        : random() < 0.6
          ? pick(articleUrls)
          : `https://site-${siteId}.example/${pick(['', 'services/', 'contact/'])}`,
    anchor_type: pick(ANCHOR_TYPES),
    status: pick(STATUSES),
    category: random() < 0.65 ? 'industry' : 'local',
  }));
  await db.query(
    `INSERT INTO backlinks (site_id, acquired_at, source_domain, source_url, target_url, anchor_text,
                            anchor_type, status, category)
     SELECT $1, at, d, 'https://' || coalesce(d, 'unknown.example') || '/post', t, 'anchor', a, s, c
       FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS x(at, d, t, a, s, c)`,
    [
      siteId,
      backlinks.map((b) => b.acquired_at),
      backlinks.map((b) => b.source_domain),
      backlinks.map((b) => b.target_url),
      backlinks.map((b) => b.anchor_type),
      backlinks.map((b) => b.status),
      backlinks.map((b) => b.category),
    ],
  );
  return { articleUrls };
}

/** The half-open instants of inclusive UTC days, for direct counts. */
export function instants(from: string, to: string): [string, string] {
  return [`${from}T00:00:00Z`, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()];
}
