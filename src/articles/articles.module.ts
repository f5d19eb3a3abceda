import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';
import { ProtectedLinksService } from './protected-links.service.js';

/**
 * Articles. The read side lives here; writers (edits, featured image) join
 * this module and build on ArticlesService.getWithBody and ProtectedLinksService.
 */
@Module({
  imports: [SitesModule],
  controllers: [ArticlesController],
  providers: [ArticlesService, ProtectedLinksService],
  exports: [ArticlesService, ProtectedLinksService],
})
export class ArticlesModule {}
