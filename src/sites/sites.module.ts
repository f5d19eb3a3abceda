import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Site } from './site.entity.js';
import { SitesController } from './sites.controller.js';
import { SitesRepository } from './sites.repository.js';
import { SitesService } from './sites.service.js';

/** The sites of an account: GET /sites, and SitesRepository, through which other modules reach the table. */
@Module({
  imports: [TypeOrmModule.forFeature([Site])],
  controllers: [SitesController],
  providers: [SitesService, SitesRepository],
  exports: [SitesRepository, SitesService],
})
export class SitesModule {}
