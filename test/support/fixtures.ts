import type { DataSource } from 'typeorm';
import { generateApiKey, hashApiKey, keyPrefix } from '../../src/auth/api-key.codec.js';
import type { Plan } from '../../src/auth/entities/account.entity.js';
import { PasswordHasher } from '../../src/users/password-hasher.js';

/**
 * Direct inserts for arranging tests. They bypass the service on purpose:
 * the API under test must not be used to set itself up.
 */
export interface SeededAccount {
  accountId: number;
  keyId: number;
  key: string;
}

export async function seedAccount(
  db: DataSource,
  options: { plan?: Plan; status?: 'active' | 'suspended'; name?: string } = {},
): Promise<SeededAccount> {
  const [account] = await db.query(
    `INSERT INTO accounts (name, plan, status) VALUES ($1, $2, $3) RETURNING id`,
    [options.name ?? 'Test Agency', options.plan ?? 'agency', options.status ?? 'active'],
  );
  const { keyId, key } = await seedKey(db, account.id);
  return { accountId: account.id, keyId, key };
}

export async function seedKey(
  db: DataSource,
  accountId: number,
  options: { scopes?: string[]; expiresAt?: Date; revokedAt?: Date } = {},
): Promise<{ keyId: number; key: string }> {
  const key = generateApiKey();
  const [row] = await db.query(
    `INSERT INTO api_keys (account_id, prefix, key_hash, scopes, expires_at, revoked_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      accountId,
      keyPrefix(key),
      hashApiKey(key),
      options.scopes ?? ['read', 'write'],
      options.expiresAt ?? null,
      options.revokedAt ?? null,
    ],
  );
  return { keyId: row.id, key };
}

export async function seedSite(
  db: DataSource,
  accountId: number,
  fields: Partial<
    Record<
      'name' | 'website_url' | 'language' | 'country' | 'geographic_scope' | 'industry' | 'ref',
      string | null
    >
  > = {},
): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO sites (account_id, ref, name, website_url, language, country, geographic_scope, industry)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      accountId,
      fields.ref ?? null,
      fields.name === undefined ? 'Site' : fields.name,
      fields.website_url ?? 'https://site.example',
      fields.language ?? 'en',
      fields.country ?? 'US',
      fields.geographic_scope ?? 'national',
      fields.industry ?? 'Home services',
    ],
  );
  return row.id;
}

export interface ArticleFields {
  title?: string | null;
  url?: string | null;
  status?: string | null;
  published_at?: string | null;
  target_keyword?: string | null;
  word_count?: number | null;
  featured_image_url?: string | null;
  body?: string;
  ref?: string | null;
}

export async function seedArticle(
  db: DataSource,
  siteId: number,
  fields: ArticleFields = {},
): Promise<number> {
  const body = fields.body ?? '<p>Hello world</p>';
  const [row] = await db.query(
    `INSERT INTO articles (site_id, ref, title, url, status, published_at, target_keyword, word_count, featured_image_url, body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      siteId,
      fields.ref ?? null,
      fields.title === undefined ? 'An article' : fields.title,
      fields.url ?? null,
      fields.status === undefined ? 'published' : fields.status,
      fields.published_at === undefined ? '2026-10-01T09:00:00Z' : fields.published_at,
      fields.target_keyword ?? null,
      fields.word_count === undefined ? 2 : fields.word_count,
      fields.featured_image_url ?? null,
      body,
    ],
  );
  await db.query(
    `INSERT INTO article_revisions (article_id, number, title, body, featured_image_url, origin, actor)
     VALUES ($1, 1, $2, $3, $4, 'editor', 'fixture')`,
    [
      row.id,
      fields.title === undefined ? 'An article' : fields.title,
      body,
      fields.featured_image_url ?? null,
    ],
  );
  return row.id;
}

export interface BacklinkFields {
  acquired_at?: string | null;
  category?: 'industry' | 'local';
  source_domain?: string | null;
  source_url?: string | null;
  target_url?: string | null;
  anchor_text?: string | null;
  anchor_type?: string | null;
  status?: string | null;
  ref?: string | null;
}

export async function seedBacklink(
  db: DataSource,
  siteId: number,
  fields: BacklinkFields = {},
): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO backlinks (site_id, ref, acquired_at, source_domain, source_url, target_url, anchor_text, anchor_type, status, category)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      siteId,
      fields.ref ?? null,
      fields.acquired_at === undefined ? '2026-10-05T00:00:00Z' : fields.acquired_at,
      fields.source_domain ?? 'news.example',
      fields.source_url ?? 'https://news.example/story',
      fields.target_url ?? 'https://site.example/',
      fields.anchor_text ?? 'Site',
      fields.anchor_type ?? 'branded',
      fields.status ?? 'live',
      fields.category ?? 'industry',
    ],
  );
  return Number(row.id);
}

const hashes = new Map<string, Promise<string>>();

export interface SeededUser {
  userId: number;
  email: string;
  password: string;
}

/** A user who can sign in (the password's hash is made once per password and test file). */
export async function seedUser(
  db: DataSource,
  accountId: number,
  options: {
    email?: string;
    name?: string | null;
    role?: 'owner' | 'member';
    password?: string;
    status?: 'active' | 'disabled';
  } = {},
): Promise<SeededUser> {
  const password = options.password ?? 'correct horse battery staple';
  if (!hashes.has(password)) hashes.set(password, new PasswordHasher().hash(password));
  const email = options.email ?? `user-${Math.random().toString(36).slice(2, 10)}@agency.example`;
  const [row] = await db.query(
    `INSERT INTO users (account_id, email, name, role, status, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      accountId,
      email,
      options.name === undefined ? 'Test Person' : options.name,
      options.role ?? 'owner',
      options.status ?? 'active',
      await hashes.get(password),
    ],
  );
  return { userId: row.id, email, password };
}
