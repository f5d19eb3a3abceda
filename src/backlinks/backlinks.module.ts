import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module.js';
import { BacklinksController } from './backlinks.controller.js';
import { BacklinksService } from './backlinks.service.js';

@Module({
  imports: [SitesModule],
  controllers: [BacklinksController],
  providers: [BacklinksService],
  exports: [BacklinksService],
})
export class BacklinksModule {}
