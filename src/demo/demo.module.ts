import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ImportModule } from '../import/import.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoService } from './demo.service.js';

@Module({
  imports: [AuthModule, UsersModule, ImportModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
