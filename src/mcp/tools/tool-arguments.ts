import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from '../../common/pagination.js';
import { MAX_ID } from '../../common/http/id-param.pipe.js';
import { day, integer, JsonSchema, string } from './json-schema.js';

/** Argument schemas shared by several tools; names are the API's parameter names. */

export const SITE_ID = integer('Id of a website on your account, from list_sites.', {
  minimum: 1,
  maximum: MAX_ID,
});

export const ARTICLE_ID = integer('Id of an article on one of your websites, from list_articles.', {
  minimum: 1,
  maximum: MAX_ID,
});

export const PAGING: Record<string, JsonSchema> = {
  page: integer(`Page number, from 1 (default ${DEFAULT_PAGE}).`, {
    minimum: 1,
    maximum: MAX_PAGE,
    default: DEFAULT_PAGE,
  }),
  per_page: integer(`Items per page, 1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`, {
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
  }),
};

export function dayRange(subject: string): Record<string, JsonSchema> {
  return {
    from: day(`First day to include, YYYY-MM-DD (UTC, inclusive), on ${subject}.`),
    to: day(`Last day to include, YYYY-MM-DD (UTC, inclusive), on ${subject}.`),
  };
}

export const REASON = string(
  'Why you are making this change, in a sentence. Stored with the revision and shown in the activity log.',
  { maxLength: 2000 },
);

export const IF_MATCH = string(
  'Optional: the ETag get_article reported (its result’s _meta.etag), with or without its double quotes. The change is then refused (precondition_failed) if the article was changed since you read it.',
  { maxLength: 1_024 },
);

export const PERIOD = string('this_month, last_month, last_30_days, YYYY-MM or YYYY-MM-DD.', {
  examples: ['last_month', '2026-10'],
});

export const COMPARE = {
  type: 'string',
  enum: ['previous_period', 'previous_year', 'none'],
  default: 'previous_period',
  description:
    'What the period is compared with: previous_period (as many days just before; a whole month: the whole previous month), previous_year (the same dates a year earlier) or none.',
};

export const TOP = integer(
  'How many referring domains and linked pages the ranked lists hold, 1 to 50 (default 10).',
  { minimum: 1, maximum: 50, default: 10 },
);
