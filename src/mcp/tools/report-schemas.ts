import { MAX_PER_PAGE } from '../../common/pagination.js';
import { arrayOf, integer, nullable, record, string } from './json-schema.js';
import { pageMeta, result, RESOURCE_SCHEMAS } from './result-schemas.js';

/**
 * The output schemas of get_report and get_account_report: the report
 * endpoints' JSON bodies (report.md), field for field. Written here rather
 * than taken from the report module, which the agent server may not import:
 * the e2e tests compare them with what the endpoints answer.
 */

const DAY = { type: 'string', format: 'date' } as const;

const period = record({
  from: { ...DAY, description: 'First day (UTC, inclusive), YYYY-MM-DD.' },
  to: { ...DAY, description: 'Last day (UTC, inclusive), YYYY-MM-DD.' },
  days: integer('Days in the range.'),
});

const comparison = nullable(
  record(
    {
      ...period.properties,
      kind: { type: 'string', enum: ['previous_period', 'previous_year'] },
    },
    'The period compared with; null with compare=none.',
  ),
);

const countFields = {
  articles_published: integer('Articles whose published_at falls in the period, any status.'),
  backlinks_acquired: integer('Backlinks acquired in the period: industry + local.'),
  backlinks_industry: integer('Industry backlinks acquired in the period.'),
  backlinks_local: integer('Local backlinks acquired in the period.'),
};

const counts = record(countFields);

const change = record({
  absolute: integer('The count minus the comparison period’s.'),
  percent: nullable({
    type: 'number',
    description: 'Change in percent, one decimal; null when the comparison count is 0.',
  }),
});

const changes = nullable(
  record(
    {
      articles_published: change,
      backlinks_acquired: change,
      backlinks_industry: change,
      backlinks_local: change,
    },
    'summary against previous; null with compare=none.',
  ),
);

const previous = nullable({ ...counts, description: 'The comparison period’s counts.' });

const siteReport = record({
  site: RESOURCE_SCHEMAS.site,
  period,
  comparison,
  summary: counts,
  previous,
  change: changes,
  daily: arrayOf(
    record({ date: { ...DAY }, ...countFields }),
    'One entry per day of the period, oldest first, zeros included.',
  ),
  backlinks_by_anchor_type: arrayOf(
    record({ anchor_type: nullable(string('Anchor type.')), count: integer('Backlinks.') }),
    'Largest first; sums to summary.backlinks_acquired.',
  ),
  backlinks_by_status: arrayOf(
    record({ status: nullable(string('Status.')), count: integer('Backlinks.') }),
    'Largest first; sums to summary.backlinks_acquired.',
  ),
  top_referring_domains: arrayOf(
    record({
      source_domain: string('Linking domain.'),
      backlinks: integer('Backlinks it gave in the period.'),
      first_seen: { type: 'boolean', description: 'No backlink from it before the period.' },
    }),
    'At most top, largest first.',
  ),
  top_linked_pages: arrayOf(
    record({
      target_url: string('Address that gained backlinks.'),
      backlinks: integer('Backlinks it gained in the period.'),
      article_id: nullable(integer('The site’s article at that address, if any.')),
    }),
    'At most top, largest first.',
  ),
  articles_published: record({
    total: integer('Articles published in the period.'),
    items: arrayOf(RESOURCE_SCHEMAS.article, 'The first 100, newest first.'),
  }),
  edits: record({
    total: integer('Revisions made in the period, imports excluded.'),
    by_origin: record({
      api: integer('Through the API.'),
      mcp: integer('By assistants.'),
      editor: integer('In the editor.'),
      rewrite: integer('By a rewrite.'),
    }),
  }),
  generated_at: string('When the report was computed, RFC 3339 UTC.', { format: 'date-time' }),
});

const accountRow = record({
  site: record({
    id: integer('Website id: pass it as site_id to get_report.'),
    name: nullable(string('Website name.')),
    website_url: nullable(string('Address of the website.')),
  }),
  summary: counts,
  previous,
  change: changes,
});

const accountMeta = record(
  {
    ...pageMeta.properties,
    per_page: integer(`Sites per page, 1 to ${MAX_PER_PAGE}.`),
    period,
    comparison,
    totals: { ...counts, description: 'The period’s counts over every site of the account.' },
  },
  'The page over the sites, the period, the comparison and the account’s totals.',
);

export const siteReportResult = result({ data: siteReport });

export const accountReportResult = result({
  data: arrayOf(accountRow, 'One row a website, by id.'),
  meta: accountMeta,
});
