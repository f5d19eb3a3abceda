import { ERROR_CODE_PATTERN, ERROR_CODES } from '../../common/errors/error-codes.js';
import { MAX_PER_PAGE } from '../../common/pagination.js';
import {
  arrayOf,
  integer,
  JsonSchema,
  nullable,
  ObjectSchema,
  record,
  string,
} from './json-schema.js';

/**
 * The output schemas of the tools: the endpoints' JSON bodies, field for
 * field (seed-api-v1.md section 2), and the API's error object, because a
 * refused call returns that object as its structured content.
 */

const TIMESTAMP = 'RFC 3339 in UTC with whole seconds, e.g. 2026-11-03T09:30:00Z.';

const protectedLink = record({
  type: { type: 'string', enum: ['backlink', 'internal'] },
  href: string('The link target, exactly as stored.'),
  text: string('The link text, whitespace collapsed.'),
});

const site = record({
  id: integer('Website id: pass it as site_id to the other tools.'),
  name: nullable(string('Website name.')),
  website_url: nullable(string('Address of the website.')),
  language: nullable(string('Language code, e.g. en.')),
  country: nullable(string('Country code, e.g. US.')),
  geographic_scope: nullable(string('e.g. local, national.')),
  industry: nullable(string('Industry of the business.')),
});

const articleFields = {
  id: integer('Article id: pass it as article_id to get_article and the edit tools.'),
  site_id: integer('Id of the website the article belongs to.'),
  title: nullable(string('Title.')),
  url: nullable(string('Public address of the article.')),
  status: nullable(string('e.g. draft, scheduled, published, unpublished.')),
  published_at: nullable(string(`Publication time, ${TIMESTAMP}`)),
  target_keyword: nullable(string('The search term the article targets.')),
  word_count: nullable(integer('Words in the body text.')),
  featured_image_url: nullable(string('Address of the featured image.')),
};

const article = record(articleFields);

const articleWithBody = record({
  ...articleFields,
  body: string(
    'The HTML body. Elements carrying data-service-protected are protected links that every edit must keep unchanged.',
  ),
  protected_links: arrayOf(
    protectedLink,
    'The protected backlink anchors and internal links of the body, in document order.',
  ),
});

const backlink = record({
  id: integer('Backlink id.'),
  acquired_at: nullable(string(`When the link was acquired, ${TIMESTAMP}`)),
  source_domain: nullable(string('Domain of the linking page.')),
  source_url: nullable(string('Address of the linking page.')),
  target_url: nullable(string('Address the link points to.')),
  anchor_text: nullable(string('Text of the link.')),
  anchor_type: nullable(string('e.g. exact, partial, branded, naked_url, generic, image.')),
  status: nullable(string('e.g. live, pending, lost.')),
  category: { type: 'string', enum: ['industry', 'local'], description: 'industry or local.' },
});

const stats = record({
  site_id: integer('Website id.'),
  from: string('First day of the resolved range (UTC, inclusive), YYYY-MM-DD.', {
    format: 'date',
  }),
  to: string('Last day of the resolved range (UTC, inclusive), YYYY-MM-DD.', { format: 'date' }),
  articles_published: integer('Articles whose published_at falls in the range, any status.'),
  backlinks_acquired: integer('Backlinks acquired in the range: industry + local.'),
  backlinks_industry: integer('Industry backlinks acquired in the range.'),
  backlinks_local: integer('Local backlinks acquired in the range.'),
});

export const pageMeta = record(
  {
    page: integer('This page, from 1.'),
    per_page: integer(`Items per page, 1 to ${MAX_PER_PAGE}.`),
    total: integer('Items matching the filters, over all pages.'),
    last_page: integer('Number of the last page (at least 1).'),
  },
  'Where this page sits: ask for page + 1 while page < last_page.',
);

/** The API's error object (section 7); present instead of `data` when isError is true. */
const errorProperties: Record<string, JsonSchema> = {
  error: {
    type: 'string',
    pattern: ERROR_CODE_PATTERN,
    description: `Stable error identifier, only when the call was refused. An open set (a later version may add one); today: ${ERROR_CODES.join(', ')}.`,
  },
  message: string('What went wrong, for a person.'),
  protected_links: arrayOf(
    protectedLink,
    'The protected links the refused edit removed or changed.',
  ),
  limit: integer('The limit in force (rate, edits per day, bytes or characters).'),
  details: arrayOf(
    record({ field: string('The parameter or field.'), message: string('The problem.') }),
    'One entry per invalid parameter or field.',
  ),
};

export function result(success: Record<string, JsonSchema>): ObjectSchema {
  return {
    type: 'object',
    properties: { ...success, ...errorProperties },
    anyOf: [{ required: Object.keys(success) }, { required: ['error', 'message'] }],
  };
}

export const listResult = (item: JsonSchema) =>
  result({ data: arrayOf(item, 'The items of this page.'), meta: pageMeta });

export const singleResult = (item: JsonSchema) => result({ data: item });

export const RESOURCE_SCHEMAS = { site, article, articleWithBody, backlink, stats };
