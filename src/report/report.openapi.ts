import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { ApiInvalidParameterResponse } from '../common/openapi/error-responses.js';
import { AccountReportDto } from './dto/account-report.dto.js';
import {
  MAX_REPORT_ARTICLES,
  MAX_REPORT_DAYS,
  SiteReportResponseDto,
} from './dto/site-report.dto.js';

/**
 * The report operations' documentation: what each answers in its four
 * formats, and its errors.
 */

const PERIOD = `The period is given exactly as for getStats: \`period\` (\`this_month\` by default, \`last_month\`, \`last_30_days\`, \`YYYY-MM\`, \`YYYY-MM-DD\`) or \`from\`/\`to\` (inclusive UTC days), with the same defaults and errors. A report covers at most ${MAX_REPORT_DAYS} days (\`invalid_date_range\` with \`limit\`).

\`compare\`: \`previous_period\` (default: as many days just before; when the period is a whole calendar month, the whole previous month, so March compares 31 days with February's 28), \`previous_year\` (the same dates a year earlier; 29 February becomes 28 February) or \`none\`.

**Formats**, by \`format\` or \`Accept\` (\`format\` wins; without either, JSON): \`json\` (application/json), \`csv\` (text/csv), \`html\` (text/html: a standalone printable page with inline SVG charts and no script) and \`pdf\` (application/pdf: A4, selectable text, vector charts, page numbers). CSV and PDF come as attachments named after the period. Anything else is 406 \`not_acceptable\`, listing them. Errors are JSON whatever the format.`;

export const SITE_REPORT_DESCRIPTION = `Everything a monthly client report needs for one website, in one call, from the daily counts (never a scan of the backlinks). ${PERIOD}

Every count agrees with the endpoints it summarises: \`summary\` is getStats for the same period, the sum of \`daily\` is \`summary\`, the anchor-type and status breakdowns each sum to \`backlinks_acquired\`, and \`articles_published.total\` is the \`meta.total\` of listArticles with the same \`from\` and \`to\` (its first ${MAX_REPORT_ARTICLES} articles, in that list's order, are \`items\`).

The CSV is the \`daily\` table: a header row, then one row a day (\`date\`, \`articles_published\`, \`backlinks_acquired\`, \`backlinks_industry\`, \`backlinks_local\`).

Errors, in this order: the query (\`invalid_parameter\`, \`conflicting_parameters\`, \`invalid_period\`, \`invalid_date_range\`), the format (\`not_acceptable\`), then the website (\`site_not_found\`).`;

export const ACCOUNT_REPORT_DESCRIPTION = `One row a website of the account — its four counts in the period and in the comparison period, and the change — paginated over the websites by id (\`page\`, \`per_page\`, as listSites), with \`meta.totals\`: the period's counts summed over every website of the account, not only the page. With only \`to\`, the period starts at the account's earliest dated article or backlink. ${PERIOD}

Every format answers the same page. The CSV has a header row and one row a website: \`site_id\`, \`site_name\`, \`website_url\`, the four counts, then the same four prefixed \`previous_\` (empty with \`compare=none\`).`;

const CONTENT_DISPOSITION = {
  description:
    'CSV and PDF only: `attachment`, with a file name naming the website (site report) and the period, e.g. `report-site-12-acme-plumbing-2026-10.pdf`.',
  schema: { type: 'string', maxLength: 512, pattern: '^attachment; ' },
};

const HTML_PAGE = {
  schema: { type: 'string', maxLength: 50_000_000 },
  example: '<!doctype html><html lang="en">…</html>',
};

const PDF_FILE = {
  schema: { type: 'string', contentMediaType: 'application/pdf', maxLength: 50_000_000 },
};

export const ApiSiteReportResponses = () =>
  applyDecorators(
    ApiExtraModels(SiteReportResponseDto),
    ApiResponse({
      status: 200,
      description: 'The report, in the format asked for.',
      headers: { 'Content-Disposition': CONTENT_DISPOSITION },
      content: {
        'application/json': { schema: { $ref: getSchemaPath(SiteReportResponseDto) } },
        'text/csv': {
          schema: { type: 'string', maxLength: 100_000 },
          example:
            'date,articles_published,backlinks_acquired,backlinks_industry,backlinks_local\r\n2026-10-01,1,4,3,1\r\n',
        },
        'text/html': HTML_PAGE,
        'application/pdf': PDF_FILE,
      },
    }),
  );

export const ApiAccountReportResponses = () =>
  applyDecorators(
    ApiExtraModels(AccountReportDto),
    ApiResponse({
      status: 200,
      description: 'One page of the account report, in the format asked for.',
      headers: {
        'Content-Disposition': CONTENT_DISPOSITION,
        Link: {
          description:
            'RFC 8288 links to the `first`, `prev`, `next` and `last` pages of websites, as on the lists.',
          schema: { type: 'string', maxLength: 8_192 },
        },
      },
      content: {
        'application/json': { schema: { $ref: getSchemaPath(AccountReportDto) } },
        'text/csv': {
          schema: { type: 'string', maxLength: 1_000_000 },
          example:
            'site_id,site_name,website_url,articles_published,backlinks_acquired,backlinks_industry,backlinks_local,previous_articles_published,previous_backlinks_acquired,previous_backlinks_industry,previous_backlinks_local\r\n12,Acme Plumbing,https://acme-plumbing.example,8,23,15,8,6,18,12,6\r\n',
        },
        'text/html': HTML_PAGE,
        'application/pdf': PDF_FILE,
      },
    }),
  );

/** The refusals of both reports (the 404 of the site report comes with ApiSiteScoped). */
export const ApiReportErrors = () =>
  applyDecorators(
    ApiResponse({
      status: 406,
      description:
        'Neither `format` nor `Accept` names json, csv, html or pdf (`not_acceptable`; the message lists them).',
      content: {
        'application/json': {
          schema: { $ref: getSchemaPath(ErrorResponseDto) },
          example: {
            error: 'not_acceptable',
            message:
              'This endpoint answers in json (application/json), csv (text/csv), html (text/html), pdf (application/pdf).',
            details: [{ field: 'format', message: 'must be one of json, csv, html, pdf' }],
          },
        },
      },
    }),
    ApiInvalidParameterResponse(
      `Invalid query (\`invalid_parameter\`, \`conflicting_parameters\`, \`invalid_period\`, \`invalid_date_range\` — also for a period over ${MAX_REPORT_DAYS} days, or a comparison before 0001-01-01).`,
    ),
  );
