export { ARTICLE_ROLLUP_SOURCE } from './article-rollup-source.js';
export { ArticleNotFoundError } from './articles.errors.js';
export { ArticlesModule } from './articles.module.js';
export {
  PreconditionFailedError,
  RestoreDropsProtectedLinksError,
  RevisionNotFoundError,
} from './edit/article-edits.errors.js';
export { ARTICLE_TABLES, ArticleImports } from './edit/article-imports.js';
export type { ImportedArticle } from './edit/article-imports.js';
export { articleEtag, isArticleEtag } from './edit/article-etag.js';
export { ArticleHtmlService } from './html/article-html.service.js';
export { precheckMarkup } from './html/markup-precheck.js';
export type { ProtectedLink } from './html/protected-links.js';
export { countWords } from './html/word-count.js';
export { ArticlesService } from './read/articles.service.js';
export { ARTICLE_SORTS, ArticleFinder } from './read/article-finder.js';
export type { ArticleQuery, ArticleSort, FoundArticle } from './read/article-finder.js';
export type { ArticleWithBodyDto } from './read/dto/article-with-body.dto.js';
export { ArticleDto } from './read/dto/article.dto.js';
export { REVISION_ORIGINS } from './revisions/article-revision.entity.js';
export type { RevisionOrigin } from './revisions/article-revision.entity.js';
export { RevisionHistory } from './revisions/revision-history.js';
export type { RevisionEntry } from './revisions/revision-history.js';
export { RevisionRestoreService } from './revisions/revision-restore.service.js';
export { RevisionsService } from './revisions/revisions.service.js';
export type { RevisionMade, RevisionView } from './revisions/revisions.service.js';
export { REVISION_ROLLUP_SOURCE } from './revisions/revision-rollup-source.js';
