import type { AgentTool } from './tools/agent-tool.js';
import {
  ifMatchHeader,
  pathSegment,
  queryOf,
  textOf,
  ToolArguments,
  without,
  type ApiRequest,
} from './tools/api-request.js';
import { string, toolArguments } from './tools/json-schema.js';
import { listResult, RESOURCE_SCHEMAS, singleResult } from './tools/result-schemas.js';
import {
  articleSummary,
  editSummary,
  featuredImageSummary,
  pageSummary,
  statsSummary,
} from './tools/result-summaries.js';
import { REPORT_APP_URI } from './app/report-app.js';
import { accountReportSummary, siteReportSummary } from './tools/report-summaries.js';
import { accountReportResult, siteReportResult } from './tools/report-schemas.js';
import {
  ARTICLE_ID,
  COMPARE,
  dayRange,
  IF_MATCH,
  PAGING,
  PERIOD,
  REASON,
  SITE_ID,
  TOP,
} from './tools/tool-arguments.js';

/**
 * The agent (MCP) server's tools, one per API operation. Both transports —
 * hosted at /mcp and local over stdio — serve this table and nothing else.
 * A tool call is the endpoint request built by `toRequest`, sent to the API
 * with the caller's key: authentication, plan, account scoping, validation,
 * rate and edit limits and the error envelope are the endpoint's own.
 */

const READ = { readOnlyHint: true, openWorldHint: false } as const;

/** The path id the API calls `id`, as the tools name it. */
const SITE_ID_NAMES = { id: 'site_id' };
const ARTICLE_ID_NAMES = { id: 'article_id' };
const EDIT_NAMES = { ...ARTICLE_ID_NAMES, 'If-Match': 'if_match' };

const LIMITS =
  'Every tool call counts as one request against the key’s per-minute limit (60 by default), shared with its API calls.';

const PERIOD_HELP =
  'Choose the period with either period — this_month (the default: the 1st of the current UTC month to today), last_month, last_30_days (today and the 29 days before), a month YYYY-MM or a day YYYY-MM-DD — or with from/to (YYYY-MM-DD, inclusive; a missing from means the earliest record, a missing to means today), never both.';

const PAGING_HELP =
  'Paged: page starts at 1, per_page is 1 to 100 (default 20); meta.total counts every match and meta.last_page is the last page number — ask for page + 1 until page equals last_page.';

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: 'list_sites',
    operationId: 'listSites',
    title: 'List websites',
    description: [
      'List the websites on your account, by id ascending.',
      'Returns {data: Site[], meta}; each site has id, name, website_url, language, country, geographic_scope and industry.',
      'Start here: the other tools take a site id from this list.',
      PAGING_HELP,
      LIMITS,
    ].join(' '),
    annotations: { title: 'List websites', ...READ },
    inputSchema: toolArguments(PAGING),
    apiNames: {},
    outputSchema: listResult(RESOURCE_SCHEMAS.site),
    toRequest: (args) => get('/api/v1/sites', args),
    summarize: pageSummary('website', 'websites', 'list_sites'),
  },
  {
    name: 'list_articles',
    operationId: 'listArticles',
    title: 'List articles of a website',
    description: [
      'List the articles of one website, newest first (published_at descending, articles without a publication time last, then id descending).',
      'Returns {data: Article[], meta}; each article has id, site_id, title, url, status, published_at (RFC 3339, UTC), target_keyword, word_count and featured_image_url, but no body: use get_article for the HTML.',
      'Filters: from/to are calendar days YYYY-MM-DD in UTC, both inclusive, on published_at (articles without one are left out when either is given; from after to is refused); status is an exact, case-sensitive match (the platform writes draft, scheduled, published, unpublished).',
      PAGING_HELP,
      LIMITS,
    ].join(' '),
    annotations: { title: 'List articles of a website', ...READ },
    inputSchema: toolArguments(
      {
        site_id: SITE_ID,
        ...dayRange('published_at'),
        status: string('Exact status to match, e.g. published.', { examples: ['published'] }),
        ...PAGING,
      },
      ['site_id'],
    ),
    apiNames: SITE_ID_NAMES,
    outputSchema: listResult(RESOURCE_SCHEMAS.article),
    toRequest: (args) =>
      get(`/api/v1/sites/${pathSegment(args.site_id)}/articles`, args, ['site_id']),
    summarize: pageSummary('article', 'articles', 'list_articles'),
  },
  {
    name: 'get_article',
    operationId: 'getArticle',
    title: 'Get an article with its HTML body',
    description: [
      'Get one article with its HTML body and its protected links.',
      'Returns {data: ArticleWithBody}: the article fields plus body (HTML) and protected_links (type backlink or internal, href, text).',
      'In the body, protected links are the elements carrying the attribute data-service-protected: paid backlink anchors and internal links. Before editing, read the article here and keep every such element exactly as it is (same tag, attributes and text); you may move it.',
      'The result also gives the article’s ETag, in _meta.etag and in the text, to pass as if_match to an edit.',
      LIMITS,
    ].join(' '),
    annotations: { title: 'Get an article with its HTML body', ...READ },
    inputSchema: toolArguments({ article_id: ARTICLE_ID }, ['article_id']),
    apiNames: ARTICLE_ID_NAMES,
    outputSchema: singleResult(RESOURCE_SCHEMAS.articleWithBody),
    toRequest: (args) => ({
      method: 'GET',
      path: `/api/v1/articles/${pathSegment(args.article_id)}`,
    }),
    summarize: articleSummary,
  },
  {
    name: 'list_backlinks',
    operationId: 'listBacklinks',
    title: 'List backlinks of a website',
    description: [
      'List the backlinks acquired for one website, newest first (acquired_at descending, then id descending).',
      'Returns {data: Backlink[], meta}; each backlink has id, acquired_at (RFC 3339, UTC), source_domain, source_url, target_url, anchor_text, anchor_type, status and category (industry or local).',
      'Filter by acquisition day with from/to: calendar days YYYY-MM-DD in UTC, both inclusive (from after to is refused).',
      'For counts over a period, get_stats is one call instead of paging through everything.',
      PAGING_HELP,
      LIMITS,
    ].join(' '),
    annotations: { title: 'List backlinks of a website', ...READ },
    inputSchema: toolArguments({ site_id: SITE_ID, ...dayRange('acquired_at'), ...PAGING }, [
      'site_id',
    ]),
    apiNames: SITE_ID_NAMES,
    outputSchema: listResult(RESOURCE_SCHEMAS.backlink),
    toRequest: (args) =>
      get(`/api/v1/sites/${pathSegment(args.site_id)}/backlinks`, args, ['site_id']),
    summarize: pageSummary('backlink', 'backlinks', 'list_backlinks'),
  },
  {
    name: 'get_stats',
    operationId: 'getStats',
    title: 'Get period statistics of a website',
    description: [
      'Count what happened on one website in a period, for a client report.',
      'Returns {data: Stats}: site_id, the resolved from and to days (UTC, inclusive), articles_published (by published_at, any status), backlinks_acquired = backlinks_industry + backlinks_local (by acquired_at).',
      PERIOD_HELP,
      LIMITS,
    ].join(' '),
    annotations: { title: 'Get period statistics of a website', ...READ },
    inputSchema: toolArguments(
      {
        site_id: SITE_ID,
        period: PERIOD,
        ...dayRange('published_at and acquired_at'),
      },
      ['site_id'],
    ),
    apiNames: SITE_ID_NAMES,
    outputSchema: singleResult(RESOURCE_SCHEMAS.stats),
    toRequest: (args) => get(`/api/v1/sites/${pathSegment(args.site_id)}/stats`, args, ['site_id']),
    summarize: statsSummary,
  },
  {
    name: 'get_report',
    operationId: 'getSiteReport',
    title: 'Get the monthly client report of a website',
    description: [
      'One website’s client report for a period in one call: use it for “how did this site do last month?” instead of paging through lists.',
      'The text is a short Markdown summary: the period, the four counts (articles published, backlinks acquired = industry + local) with their change against the comparison period, the top three referring domains and linked pages, and the edits made.',
      'The structured result is {data: SiteReport}: site, period and comparison ({from, to, days}), summary, previous and change ({absolute, percent}, percent null when the previous count is 0), daily (one entry a day), backlinks_by_anchor_type, backlinks_by_status, top_referring_domains (first_seen: new this period), top_linked_pages (article_id when an article has that url), articles_published {total, items}, edits {total, by_origin} and generated_at. Quote numbers from it, never estimate them.',
      PERIOD_HELP,
      'compare chooses the comparison period (default previous_period); top the length of the ranked lists.',
      LIMITS,
    ].join(' '),
    annotations: { title: 'Get the monthly client report of a website', ...READ },
    inputSchema: toolArguments(
      {
        site_id: SITE_ID,
        period: PERIOD,
        ...dayRange('published_at and acquired_at'),
        compare: COMPARE,
        top: TOP,
      },
      ['site_id'],
    ),
    apiNames: SITE_ID_NAMES,
    outputSchema: siteReportResult,
    toRequest: (args) =>
      get(`/api/v1/sites/${pathSegment(args.site_id)}/report`, args, ['site_id']),
    summarize: siteReportSummary,
    summaryOnly: true,
    app: REPORT_APP_URI,
  },
  {
    name: 'get_account_report',
    operationId: 'getAccountReport',
    title: 'Get the report of every website on the account',
    description: [
      'Every website of the account for a period, one row a website (by id), with the account’s totals: use it to compare clients or find the site to look at.',
      'The text is a short Markdown summary: the period, the totals, and a table of the first websites of the page with their articles and backlinks and the change.',
      'The structured result is {data: AccountReportRow[], meta}: each row has site {id, name, website_url}, summary, previous and change (as get_report); meta has page, per_page, total, last_page, period, comparison and totals (the four counts over every website, not only this page).',
      PERIOD_HELP,
      'compare chooses the comparison period (default previous_period).',
      PAGING_HELP,
      LIMITS,
    ].join(' '),
    annotations: { title: 'Get the report of every website on the account', ...READ },
    inputSchema: toolArguments({
      period: PERIOD,
      ...dayRange('published_at and acquired_at'),
      compare: COMPARE,
      ...PAGING,
    }),
    apiNames: {},
    outputSchema: accountReportResult,
    toRequest: (args) => get('/api/v1/report', args),
    summarize: accountReportSummary,
    summaryOnly: true,
  },
  {
    name: 'update_article',
    operationId: 'updateArticle',
    title: 'Edit the title and body of an article',
    description: [
      'Replace the HTML body (and optionally the title) of one article. Read it with get_article first and send the whole new body.',
      'Every element of the current body carrying data-service-protected (paid backlink anchors, internal links) must appear unchanged — same tag, attributes and text — or the edit is refused with protected_links_modified, listing them; new protected elements may not be added.',
      'The body must stay within the editor’s HTML (paragraphs, headings, lists, links, emphasis, quotes, code, tables, images, figures, line breaks): scripts, iframes, styles, forms, event handlers or javascript:/data: links are refused with body_not_allowed. A refused edit changes nothing.',
      'Returns {data: ArticleWithBody}, the saved article, and its new ETag in _meta.etag (the if_match of a next edit). Each change is kept as a revision (origin mcp) that the account can restore; an edit that changes nothing saves and counts nothing.',
      'Edits are limited per key and UTC day (200 by default, shared with the API; then edit_limit_exceeded), and the call counts against the per-minute request limit.',
    ].join(' '),
    annotations: {
      title: 'Edit the title and body of an article',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    inputSchema: toolArguments(
      {
        article_id: ARTICLE_ID,
        title: string('New title, 1 to 255 characters. Omit to keep the current one.', {
          minLength: 1,
          maxLength: 255,
        }),
        body: string('The complete new HTML body, at most 1,000,000 characters.', {
          minLength: 1,
          maxLength: 1_000_000,
        }),
        reason: REASON,
        if_match: IF_MATCH,
      },
      ['article_id', 'body'],
    ),
    apiNames: EDIT_NAMES,
    outputSchema: singleResult(RESOURCE_SCHEMAS.articleWithBody),
    toRequest: (args) => ({
      method: 'PUT',
      path: `/api/v1/articles/${pathSegment(args.article_id)}`,
      headers: ifMatchHeader(args),
      body: { json: without(args, ['article_id', 'if_match']) },
    }),
    summarize: editSummary,
  },
  {
    name: 'replace_featured_image',
    operationId: 'replaceFeaturedImage',
    title: 'Replace the featured image of an article',
    description: [
      'Set a new featured image on one article, from either an image address (url) or the image itself (image_base64, with file_name) — exactly one of the two.',
      'url: an absolute http or https address of at most 2,048 characters on a public host, without credentials; stored as a browser would request it (percent-encoded) and never fetched.',
      'image_base64: the file’s bytes in base64; JPEG, PNG, WebP, GIF or AVIF (recognised from the bytes), at most 10 MiB (10,485,760 bytes) before encoding; it is stored and served from a public address.',
      'Returns {data: Article} with the new featured_image_url. The replacement is kept as a revision (origin mcp) and counts as an edit against the key’s daily limit (200 by default), and against the per-minute request limit.',
    ].join(' '),
    annotations: {
      title: 'Replace the featured image of an article',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    inputSchema: toolArguments(
      {
        article_id: ARTICLE_ID,
        url: string('Address of the new image (http or https), instead of image_base64.', {
          format: 'uri',
          maxLength: 2048,
        }),
        image_base64: string('The image file in base64, instead of url.', {
          contentEncoding: 'base64',
        }),
        file_name: string('Name of the image file, e.g. radiator.webp (with image_base64).'),
        reason: REASON,
        if_match: IF_MATCH,
      },
      ['article_id'],
    ),
    apiNames: { ...EDIT_NAMES, image: 'image_base64' },
    outputSchema: singleResult(RESOURCE_SCHEMAS.article),
    toRequest: featuredImageRequest,
    summarize: featuredImageSummary,
  },
];

export function toolNamed(name: string): AgentTool | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}

function get(path: string, args: ToolArguments, pathArguments: string[] = []): ApiRequest {
  return { method: 'GET', path, query: queryOf(args, pathArguments) };
}

/**
 * JSON for a url alone; otherwise multipart, as the endpoint takes files. With
 * neither image nor url the multipart form is empty, and the API's refusal
 * names both (a JSON body would name only url).
 */
function featuredImageRequest(args: ToolArguments): ApiRequest {
  const path = `/api/v1/articles/${pathSegment(args.article_id)}/featured-image`;
  const headers = ifMatchHeader(args);
  const fields = without(args, ['article_id', 'if_match', 'image_base64', 'file_name']);
  const image = args.image_base64 ?? undefined;
  if (image === undefined && args.url !== undefined && args.url !== null) {
    return { method: 'POST', path, headers, body: { json: fields } };
  }
  const form = new FormData();
  if (image !== undefined) {
    const bytes = Buffer.from(textOf(image), 'base64');
    const fileName =
      typeof args.file_name === 'string' && args.file_name !== '' ? args.file_name : 'image';
    form.append('image', new Blob([bytes]), fileName);
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, textOf(value));
  }
  return { method: 'POST', path, headers, body: { form } };
}
