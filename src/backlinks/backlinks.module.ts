import { Module } from '@nestjs/common';
import { RollupsModule } from '../rollups/rollups.module.js';
import { BacklinksController } from './backlinks.controller.js';
import { BacklinksService } from './backlinks.service.js';

@Module({
  imports: [RollupsModule],
  controllers: [BacklinksController],
  providers: [BacklinksService],
  exports: [BacklinksService],
})
export class BacklinksModule {}
