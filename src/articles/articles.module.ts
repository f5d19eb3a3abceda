import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { RollupsModule } from '../rollups/rollups.module.js';
import { ArticleEditsController } from './article-edits.controller.js';
import { ArticleEditsService } from './article-edits.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';
import { EditLimitService } from './edit-limit.service.js';
import { FeaturedImageService } from './featured-image.service.js';
import { ArticleHtml } from './html/article-html.service.js';
import { RevisionRestoreService } from './revision-restore.service.js';
import { RevisionsService } from './revisions.service.js';

/**
 * Articles. The read side lives here; writers (edits, featured image) join
 * this module and build on ArticlesService.getWithBody; every rule on a body
 * runs through ArticleHtml.
 */
@Module({
  imports: [MediaModule, MetricsModule, RollupsModule],
  controllers: [ArticlesController, ArticleEditsController],
  providers: [
    ArticlesService,
    ArticleHtml,
    EditLimitService,
    RevisionsService,
    ArticleEditsService,
    FeaturedImageService,
    RevisionRestoreService,
  ],
  exports: [
    ArticlesService,
    ArticleHtml,
    ArticleEditsService,
    FeaturedImageService,
    RevisionsService,
    RevisionRestoreService,
  ],
})
export class ArticlesModule {}
