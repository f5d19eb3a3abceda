import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ImportModule } from '../import/import.module.js';
import { DemoService } from './demo.service.js';

@Module({
  imports: [AuthModule, ImportModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
