import type { DataSource } from 'typeorm';

/** What an edit can change, read straight from the database: the article row and its revisions. */
export interface ArticleState {
  title: string | null;
  body: string;
  featured_image_url: string | null;
  word_count: number | null;
  revisions: number;
}

export async function articleState(db: DataSource, articleId: number): Promise<ArticleState> {
  const [row] = await db.query<ArticleState[]>(
    `SELECT a.title, a.body, a.featured_image_url, a.word_count,
            (SELECT count(*)::int FROM article_revisions r WHERE r.article_id = a.id) AS revisions
       FROM articles a WHERE a.id = $1`,
    [articleId],
  );
  return row;
}

/** Edits counted today for a key by the daily edit limit. */
export async function editsCounted(db: DataSource, keyId: number): Promise<number> {
  const [row] = await db.query<Array<{ count: number }>>(
    `SELECT COALESCE(sum(count), 0)::int AS count FROM daily_edit_counts WHERE key_id = $1`,
    [keyId],
  );
  return row.count;
}

export async function latestRevision(db: DataSource, articleId: number) {
  const [row] = await db.query<
    Array<{
      number: number;
      title: string | null;
      body: string;
      featured_image_url: string | null;
      origin: string;
      reason: string | null;
      key_id: number | null;
      actor: string | null;
    }>
  >(
    `SELECT number, title, body, featured_image_url, origin, reason, key_id, actor
       FROM article_revisions WHERE article_id = $1 ORDER BY number DESC LIMIT 1`,
    [articleId],
  );
  return row;
}

/**
 * Runs a request that must be refused and asserts that it changed nothing:
 * the article, its revisions and the key's edit count are as before.
 */
export async function refusedWithoutChange<T>(
  db: DataSource,
  articleId: number,
  keyId: number,
  call: () => Promise<T>,
): Promise<T> {
  const before = await articleState(db, articleId);
  const counted = await editsCounted(db, keyId);
  const res = await call();
  expect(await articleState(db, articleId)).toEqual(before);
  expect(await editsCounted(db, keyId)).toBe(counted);
  return res;
}
