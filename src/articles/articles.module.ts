import { Module } from '@nestjs/common';
import { ArticleFinder } from './read/article-finder.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Article } from './article.entity.js';
import { ArticleRevision } from './revisions/article-revision.entity.js';
import { MediaModule } from '../media/index.js';
import { MetricsModule } from '../metrics/index.js';
import { ListPagingModule } from '../list-paging/index.js';
import { SitesModule } from '../sites/index.js';
import { ArticleEditsController } from './edit/article-edits.controller.js';
import { ArticleEditsService } from './edit/article-edits.service.js';
import { ArticleImports } from './edit/article-imports.js';
import { ArticlesController } from './read/articles.controller.js';
import { ArticlesService } from './read/articles.service.js';
import { EditLimitService } from './edit/edit-limit.service.js';
import { FeaturedImageService } from './featured-image/featured-image.service.js';
import { ArticleHtmlService } from './html/article-html.service.js';
import { RevisionHistory } from './revisions/revision-history.js';
import { RevisionRestoreService } from './revisions/revision-restore.service.js';
import { RevisionsService } from './revisions/revisions.service.js';

/**
 * Articles. The read side lives here; writers (edits, featured image) join
 * this module and build on ArticlesService.getWithBody; every rule on a body
 * runs through ArticleHtmlService. All SQL on articles and their revisions
 * is here: other modules read them through ArticlesService, RevisionsService
 * and RevisionHistory, and the import writes them through ArticleImports.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Article, ArticleRevision]),
    MediaModule,
    MetricsModule,
    ListPagingModule,
    SitesModule,
  ],
  controllers: [ArticlesController, ArticleEditsController],
  providers: [
    ArticlesService,
    ArticleHtmlService,
    EditLimitService,
    RevisionsService,
    ArticleEditsService,
    FeaturedImageService,
    RevisionRestoreService,
    RevisionHistory,
    ArticleImports,
    ArticleFinder,
  ],
  exports: [
    ArticlesService,
    ArticleHtmlService,
    ArticleEditsService,
    FeaturedImageService,
    RevisionsService,
    RevisionRestoreService,
    RevisionHistory,
    ArticleImports,
    ArticleFinder,
  ],
})
export class ArticlesModule {}
