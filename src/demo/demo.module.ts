import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { ImportModule } from '../import/index.js';
import { SitesModule } from '../sites/index.js';
import { UsersModule } from '../users/index.js';
import { DemoService } from './demo.service.js';

@Module({
  imports: [AuthModule, UsersModule, SitesModule, ImportModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
