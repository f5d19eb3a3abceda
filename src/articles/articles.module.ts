import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { RollupsModule } from '../rollups/rollups.module.js';
import { ArticleEditsController } from './article-edits.controller.js';
import { ArticleEditsService } from './article-edits.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';
import { EditLimitService } from './edit-limit.service.js';
import { FeaturedImageService } from './featured-image.service.js';
import { HtmlSanitizer } from './html/html-sanitizer.js';
import { ProtectedLinksService } from './html/protected-links.service.js';
import { RevisionRestoreService } from './revision-restore.service.js';
import { RevisionsService } from './revisions.service.js';

/**
 * Articles. The read side lives here; writers (edits, featured image) join
 * this module and build on ArticlesService.getWithBody and ProtectedLinksService.
 */
@Module({
  imports: [MediaModule, RollupsModule],
  controllers: [ArticlesController, ArticleEditsController],
  providers: [
    ArticlesService,
    ProtectedLinksService,
    HtmlSanitizer,
    EditLimitService,
    RevisionsService,
    ArticleEditsService,
    FeaturedImageService,
    RevisionRestoreService,
  ],
  exports: [
    ArticlesService,
    ProtectedLinksService,
    HtmlSanitizer,
    ArticleEditsService,
    FeaturedImageService,
    RevisionsService,
    RevisionRestoreService,
  ],
})
export class ArticlesModule {}
