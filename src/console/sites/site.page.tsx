import type { FC } from 'hono/jsx';
import type { ArticleQuery, ArticleSort, FoundArticle } from '../../articles/index.js';
import type { SiteDto } from '../../sites/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import {
  Day,
  Empty,
  Fact,
  Field,
  Notice,
  OutLink,
  type PagerProps,
  Time,
} from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { articleQueryString, FIRST_DIRECTION, MAX_ARTICLE_SEARCH } from './article-list-query.js';

export interface SitePageProps {
  page: PageContext;
  site: SiteDto;
  query: ArticleQuery;
  problems: string[];
  /** The statuses the site's articles have: the filter's choices. */
  statuses: string[];
  articles: FoundArticle[];
  /** Articles matching the search and filter, on every page. */
  total: number;
  pager: PagerProps;
}

export const SitePage: FC<SitePageProps> = (props) => {
  const { page, site, query, problems, statuses, articles, total, pager } = props;
  const base = `/console/sites/${site.id}`;
  /** A heading's link: this column, its natural direction first, the other on a second click. */
  const sortBy = (sort: ArticleSort) => {
    const current = query.sort === sort;
    const direction = current
      ? query.direction === 'asc'
        ? 'desc'
        : 'asc'
      : FIRST_DIRECTION[sort];
    return {
      href: `${base}${articleQueryString({ ...query, sort, direction })}#articles`,
      current: current ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined,
    } as const;
  };
  const columns: Array<Column<FoundArticle>> = [
    {
      header: 'Title',
      key: true,
      sort: sortBy('title'),
      cell: (article) => (
        <>
          <a href={`/console/articles/${article.id}`}>{article.title ?? `Article ${article.id}`}</a>
          {article.url ? <div class="hint mono break">{article.url}</div> : null}
        </>
      ),
    },
    { header: 'Status', cell: (article) => article.status ?? '—' },
    {
      header: 'Published',
      sort: sortBy('published'),
      cell: (article) => <Day value={article.published_at?.toISOString() ?? null} />,
    },
    {
      header: 'Words',
      numeric: true,
      sort: sortBy('words'),
      cell: (article) => article.word_count?.toLocaleString('en') ?? '—',
    },
    {
      header: 'Last change',
      sort: sortBy('changed'),
      cell: (article) => <Time value={article.last_change} />,
    },
  ];
  const narrowed = query.search !== undefined || query.status !== undefined;
  return (
    <Layout title={site.name ?? `Site ${site.id}`} page={page} section="overview">
      <p class="crumbs">
        <a href="/console">Overview</a> / Site
      </p>
      <h1>{site.name ?? `Site ${site.id}`}</h1>
      <p class="lead">
        <OutLink href={site.website_url} />
      </p>
      <p class="row">
        <a class="button secondary small" href={`${base}/report`}>
          Monthly report
        </a>
      </p>
      <dl class="facts">
        <Fact label="Language">{site.language ?? '—'}</Fact>
        <Fact label="Country">{site.country ?? '—'}</Fact>
        <Fact label="Scope">{site.geographic_scope ?? '—'}</Fact>
        <Fact label="Industry">{site.industry ?? '—'}</Fact>
      </dl>
      <h2 id="articles">Articles</h2>
      {problems.length > 0 ? (
        <Notice tone="warn" title="Part of the search was left out">
          <ul>
            {problems.map((problem) => (
              <li>{problem}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <form method="get" action={`${base}#articles`} class="filters" aria-label="Find articles">
        <Field id="a-q" label="Search" hint="Part of the title or the URL">
          <input
            id="a-q"
            type="search"
            name="q"
            class="search"
            maxlength={MAX_ARTICLE_SEARCH}
            value={query.search ?? ''}
          />
        </Field>
        <Field id="a-status" label="Status">
          <select id="a-status" name="status">
            <option value="">Any status</option>
            {statuses.map((status) => (
              <option value={status} selected={query.status === status}>
                {status}
              </option>
            ))}
          </select>
        </Field>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.direction} />
        <div class="row">
          <button type="submit" class="primary">
            Find
          </button>
          {narrowed ? (
            <a
              class="button secondary"
              href={`${base}${articleQueryString({ ...query, search: undefined, status: undefined })}#articles`}
            >
              Clear
            </a>
          ) : null}
        </div>
      </form>
      <Table
        columns={columns}
        rows={articles}
        pager={pager}
        empty={
          narrowed ? (
            <Empty title="No article matches">
              <p>{`None of the site’s articles has that in its title or URL${query.status ? `, with status “${query.status}”` : ''}.`}</p>
            </Empty>
          ) : (
            <Empty title="No articles on this page">
              <p>Articles published for this site appear here.</p>
            </Empty>
          )
        }
      />
      {total > 0 && articles.length === 0 ? (
        <p class="muted">{`${total.toLocaleString('en')} articles match; this page is past the last.`}</p>
      ) : null}
    </Layout>
  );
};
