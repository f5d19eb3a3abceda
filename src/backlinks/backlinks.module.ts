import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Backlink } from './backlink.entity.js';
import { ListPagingModule } from '../list-paging/index.js';
import { BacklinkImports } from './backlink-imports.js';
import { SitesModule } from '../sites/index.js';
import { BacklinksController } from './backlinks.controller.js';
import { BacklinksService } from './backlinks.service.js';

/** A site's backlinks: GET /sites/{id}/backlinks, and BacklinkImports, through which the import writes them. */
@Module({
  imports: [TypeOrmModule.forFeature([Backlink]), ListPagingModule, SitesModule],
  controllers: [BacklinksController],
  providers: [BacklinksService, BacklinkImports],
  exports: [BacklinksService, BacklinkImports],
})
export class BacklinksModule {}
