/**
 * A client as an SDK user writes one: types generated from the served
 * document by openapi-typescript (./openapi.ts, made by
 * test/openapi/generated-client.e2e-spec.ts), requests sent by openapi-fetch. It is
 * compiled with TypeScript's strictest settings (tsconfig.json beside it),
 * then run against a live server: every operation, successes and refusals.
 * It prints what came back, which the test checks against the document.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi.js';

type ErrorResponse = components['schemas']['ErrorResponse'];
type Article = components['schemas']['ArticleWithBody'];

export interface Exchange {
  operationId: string;
  status: number;
  body: unknown;
  etag: string | null;
  link: string | null;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const baseUrl = env('BASE_URL');
const key = env('API_KEY');
const siteId = Number(env('SITE_ID'));
const articleId = Number(env('ARTICLE_ID'));
const otherArticleId = Number(env('OTHER_ARTICLE_ID'));
const png = Buffer.from(env('PNG_BASE64'), 'base64');

const api = createClient<paths, 'application/json'>({
  baseUrl,
  headers: { Authorization: `Bearer ${key}` },
});
const anonymous = createClient<paths, 'application/json'>({ baseUrl });
const exchanges: Exchange[] = [];

function note(
  operationId: string,
  result: { response: Response; data?: unknown; error?: unknown },
) {
  exchanges.push({
    operationId,
    status: result.response.status,
    body: result.data ?? (result.error === '' ? undefined : result.error),
    etag: result.response.headers.get('ETag'),
    link: result.response.headers.get('Link'),
  });
}

/** What an SDK user reads off a refusal: typed, never `any`. */
function reason(error: ErrorResponse | undefined): string {
  return error === undefined ? 'none' : `${error.error}: ${error.message}`;
}

async function main(): Promise<void> {
  note('getOpenApiDocument', await anonymous.GET('/api/v1/openapi.json'));

  const sites = await api.GET('/api/v1/sites', { params: { query: { page: 1, per_page: 2 } } });
  note('listSites', sites);
  const firstSite: number | undefined = sites.data?.data[0]?.id;
  if (firstSite !== siteId) throw new Error(`expected site ${siteId} first, got ${firstSite}`);

  note(
    'listArticles',
    await api.GET('/api/v1/sites/{id}/articles', {
      params: {
        path: { id: siteId },
        query: { status: 'published', from: '2026-01-01', to: '2026-12-31', per_page: 10 },
      },
    }),
  );

  const read = await api.GET('/api/v1/articles/{id}', { params: { path: { id: articleId } } });
  note('getArticle', read);
  const article: Article | undefined = read.data?.data;
  const etag = read.response.headers.get('ETag');
  if (article === undefined || etag === null) throw new Error('getArticle gave no article or ETag');

  note(
    'getArticle',
    await api.GET('/api/v1/articles/{id}', {
      params: { path: { id: articleId }, header: { 'If-None-Match': etag } },
    }),
  );

  const updated = await api.PUT('/api/v1/articles/{id}', {
    params: { path: { id: articleId }, header: { 'If-Match': etag } },
    body: { title: `${article.title ?? 'Untitled'} (updated)`, body: article.body, reason: 'SDK' },
  });
  note('updateArticle', updated);

  const stale = await api.PUT('/api/v1/articles/{id}', {
    params: { path: { id: articleId }, header: { 'If-Match': etag } },
    body: { body: article.body },
  });
  note('updateArticle', stale);
  if (stale.error?.error !== 'precondition_failed') throw new Error(reason(stale.error));

  note(
    'updateArticle',
    await api.PUT('/api/v1/articles/{id}', {
      params: { path: { id: articleId }, header: { 'If-Match': `W/${etag}` } },
      body: { body: article.body },
    }),
  );

  note(
    'replaceFeaturedImage',
    await api.POST('/api/v1/articles/{id}/featured-image', {
      params: { path: { id: articleId } },
      body: { url: 'https://cdn.example/sdk.jpg', reason: 'By url' },
    }),
  );

  note(
    'replaceFeaturedImage',
    await api.POST('/api/v1/articles/{id}/featured-image', {
      params: { path: { id: articleId } },
      body: { reason: 'Uploaded' },
      bodySerializer: (fields) => {
        const form = new FormData();
        form.append('image', new Blob([png], { type: 'image/png' }), 'sdk.png');
        if (fields.reason !== undefined) form.append('reason', fields.reason);
        return form;
      },
    }),
  );

  note(
    'listBacklinks',
    await api.GET('/api/v1/sites/{id}/backlinks', {
      params: { path: { id: siteId }, query: { per_page: 1, page: 2 } },
    }),
  );

  note(
    'getStats',
    await api.GET('/api/v1/sites/{id}/stats', {
      params: { path: { id: siteId }, query: { period: '2026-10' } },
    }),
  );
  note(
    'getStats',
    await api.GET('/api/v1/sites/{id}/stats', {
      params: { path: { id: siteId }, query: { period: 'last_month', from: '2026-10-01' } },
    }),
  );

  const report = await api.GET('/api/v1/sites/{id}/report', {
    params: {
      path: { id: siteId },
      query: { period: '2026-10', compare: 'previous_year', top: 5 },
    },
  });
  note('getSiteReport', report);
  // Typed all the way down: the generated client knows the report's fields.
  const acquired: number | undefined = report.data?.data.summary.backlinks_acquired;
  if (acquired === undefined) throw new Error(`no site report: ${reason(report.error)}`);
  note(
    'getSiteReport',
    await api.GET('/api/v1/sites/{id}/report', {
      params: { path: { id: siteId }, query: { period: '2026-10', format: 'xml' as 'json' } },
    }),
  );
  const accountReport = await api.GET('/api/v1/report', {
    params: { query: { period: '2026-10', per_page: 10 } },
  });
  note('getAccountReport', accountReport);
  const totals: number | undefined = accountReport.data?.meta.totals.backlinks_acquired;
  if (totals === undefined) throw new Error(`no account report: ${reason(accountReport.error)}`);

  note(
    'getArticle',
    await api.GET('/api/v1/articles/{id}', { params: { path: { id: otherArticleId } } }),
  );
  note('listSites', await anonymous.GET('/api/v1/sites'));

  process.stdout.write(JSON.stringify(exchanges));
}

await main();
