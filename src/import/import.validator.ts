import {
  countWords,
  precheckMarkup,
  REVISION_ORIGINS,
  type RevisionOrigin,
} from '../articles/index.js';
import { BACKLINK_CATEGORIES, type BacklinkCategory } from '../backlinks/index.js';
import { member } from './json-path.js';
import { parseRfc3339 } from './rfc3339.js';

/**
 * The import file's rules, as pure functions: a value and its JSON path in,
 * a row ready to write or the problems found out. No database, no Nest.
 */
export interface ImportProblem {
  path: string;
  message: string;
}

export const MAX_REF_LENGTH = 255;
export const MAX_TITLE_LENGTH = 255;
export const MAX_BODY_LENGTH = 1_000_000;
export const MAX_URL_LENGTH = 2_048;

export interface SiteRow {
  ref: string | null;
  name: string | null;
  website_url: string | null;
  language: string | null;
  country: string | null;
  geographic_scope: string | null;
  industry: string | null;
}

export interface ArticleRow {
  ref: string | null;
  title: string | null;
  url: string | null;
  status: string | null;
  published_at: string | null;
  target_keyword: string | null;
  featured_image_url: string | null;
  body: string;
  word_count: number;
  revision_origin: RevisionOrigin;
}

export interface BacklinkRow {
  ref: string | null;
  acquired_at: string | null;
  source_domain: string | null;
  source_url: string | null;
  target_url: string | null;
  anchor_text: string | null;
  anchor_type: string | null;
  status: string | null;
  category: BacklinkCategory;
}

/** A field's rule: the problem with the value, or undefined when it is acceptable. */
type Rule = (value: unknown) => string | undefined;

const text: Rule = (value) =>
  value === null || typeof value === 'string' ? undefined : 'must be a string or null';

const ref: Rule = (value) => {
  if (value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string or null';
  return value.length > MAX_REF_LENGTH ? `must be at most ${MAX_REF_LENGTH} characters` : undefined;
};

const httpUrl: Rule = (value) => {
  if (value === null) return undefined;
  const problem = `must be an absolute http or https URL (at most ${MAX_URL_LENGTH} characters) or null`;
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return problem;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? undefined : problem;
  } catch {
    return problem;
  }
};

const timestamp: Rule = (value) =>
  value === null || (typeof value === 'string' && parseRfc3339(value) !== undefined)
    ? undefined
    : 'must be an RFC 3339 timestamp (e.g. 2026-10-02T09:00:00Z) or null';

const title: Rule = (value) =>
  typeof value === 'string' && value.length > MAX_TITLE_LENGTH
    ? `must be at most ${MAX_TITLE_LENGTH} characters`
    : text(value);

const requiredName: Rule = (value) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : 'is required: a non-blank string';

const body: Rule = (value) => {
  if (typeof value !== 'string' || value.trim() === '') return 'is required: non-blank HTML';
  return value.length > MAX_BODY_LENGTH
    ? `must be at most ${MAX_BODY_LENGTH} characters`
    : undefined;
};

function oneOf(values: readonly string[], required: boolean): Rule {
  const allowed = values.map((v) => `"${v}"`).join(' or ');
  return (value) => {
    if (value === null && !required) return undefined;
    if (typeof value === 'string' && values.includes(value)) return undefined;
    return required ? `is required: ${allowed}` : `must be ${allowed} or null`;
  };
}

export const SITE_RULES: Record<keyof SiteRow, Rule> = {
  ref,
  name: requiredName,
  website_url: httpUrl,
  language: text,
  country: text,
  geographic_scope: text,
  industry: text,
};

const ARTICLE_RULES: Record<Exclude<keyof ArticleRow, 'word_count'>, Rule> = {
  ref,
  title,
  url: httpUrl,
  status: text,
  published_at: timestamp,
  target_keyword: text,
  featured_image_url: httpUrl,
  body,
  revision_origin: oneOf(REVISION_ORIGINS, false),
};

const BACKLINK_RULES: Record<keyof BacklinkRow, Rule> = {
  ref,
  acquired_at: timestamp,
  source_domain: text,
  source_url: httpUrl,
  target_url: httpUrl,
  anchor_text: text,
  anchor_type: text,
  status: text,
  category: oneOf(BACKLINK_CATEGORIES, true),
};

const UNKNOWN_FIELD = new Map([['word_count', 'is computed from the body; leave it out']]);

/** PostgreSQL text cannot hold U+0000: any string field with one is refused, whatever its rule. */
const NUL_PROBLEM = 'must not contain NUL characters';

function problemOf(rule: Rule, value: unknown): string | undefined {
  return typeof value === 'string' && value.includes('\u0000') ? NUL_PROBLEM : rule(value);
}

/** What an import is judged by beyond the file's own rules: the server's limits. */
export interface ImportLimits {
  /** How deep elements may nest in an article body (HTML_MAX_NESTING). */
  maxNesting: number;
}

/** A site's own field (not articles or backlinks), checked as it arrives. */
export function checkSiteField(key: string, value: unknown, path: string): ImportProblem[] {
  if (!isKnown(SITE_RULES, key)) return [unknownField(path, key)];
  const problem = problemOf(SITE_RULES[key], value);
  return problem === undefined ? [] : [{ path: member(path, key), message: problem }];
}

/** The whole site once its object has ended; omitted fields are null. */
export function validateSite(
  fields: Record<string, unknown>,
  path: string,
): SiteRow | ImportProblem[] {
  const problems = requiredPresent(SITE_RULES, ['name'], fields, path);
  return problems.length > 0 ? problems : (rowFrom(SITE_RULES, fields) as unknown as SiteRow);
}

export function validateArticle(
  value: unknown,
  path: string,
  limits: ImportLimits,
): ArticleRow | ImportProblem[] {
  const checked = checkObject(value, path, ARTICLE_RULES, ['body']);
  if (Array.isArray(checked)) return checked;
  const row = rowFrom(ARTICLE_RULES, checked) as unknown as Omit<ArticleRow, 'word_count'>;
  if (precheckMarkup(row.body, limits.maxNesting).tooDeep) {
    const message = `nests elements more than ${limits.maxNesting} levels deep`;
    return [{ path: member(path, 'body'), message }];
  }
  return {
    ...row,
    published_at: normalizedTimestamp(row.published_at),
    revision_origin: row.revision_origin ?? 'editor',
    word_count: countWords(row.body),
  };
}

export function validateBacklink(value: unknown, path: string): BacklinkRow | ImportProblem[] {
  const checked = checkObject(value, path, BACKLINK_RULES, ['category']);
  if (Array.isArray(checked)) return checked;
  const row = rowFrom(BACKLINK_RULES, checked) as unknown as BacklinkRow;
  return { ...row, acquired_at: normalizedTimestamp(row.acquired_at) };
}

function checkObject(
  value: unknown,
  path: string,
  rules: Record<string, Rule>,
  required: string[],
): Record<string, unknown> | ImportProblem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path, message: 'must be an object' }];
  }
  const fields = value as Record<string, unknown>;
  const problems = requiredPresent(rules, required, fields, path);
  for (const [key, field] of Object.entries(fields)) {
    if (!isKnown(rules, key)) {
      problems.push(unknownField(path, key));
      continue;
    }
    if (required.includes(key)) continue;
    const problem = problemOf(rules[key], field);
    if (problem !== undefined) problems.push({ path: member(path, key), message: problem });
  }
  return problems.length > 0 ? problems : fields;
}

/** Required fields are checked even when missing; the rule then sees `undefined`. */
function requiredPresent(
  rules: Record<string, Rule>,
  required: string[],
  fields: Record<string, unknown>,
  path: string,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const key of required) {
    const problem = problemOf(rules[key], fields[key]);
    if (problem !== undefined) problems.push({ path: member(path, key), message: problem });
  }
  return problems;
}

function rowFrom(
  rules: Record<string, Rule>,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(rules)) row[key] = fields[key] ?? null;
  return row;
}

function isKnown<T extends Record<string, Rule>>(
  rules: T,
  key: string,
): key is Extract<keyof T, string> {
  return Object.hasOwn(rules, key);
}

function unknownField(path: string, key: string): ImportProblem {
  return { path: member(path, key), message: UNKNOWN_FIELD.get(key) ?? 'is not a known field' };
}

function normalizedTimestamp(value: string | null): string | null {
  if (value === null) return null;
  return new Date(parseRfc3339(value) as number).toISOString();
}
