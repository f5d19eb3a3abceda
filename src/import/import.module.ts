import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { AuthModule } from '../auth/index.js';
import { BacklinksModule } from '../backlinks/index.js';
import { SitesModule } from '../sites/index.js';
import { ImportService } from './import.service.js';

/** The import file; its rows are written by the modules that own their tables. */
@Module({
  imports: [AuthModule, SitesModule, ArticlesModule, BacklinksModule],
  providers: [ImportService],
  exports: [ImportService],
})
export class ImportModule {}
