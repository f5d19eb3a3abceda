import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { AuthModule } from '../auth/index.js';
import { RollupsModule } from '../rollups/index.js';
import { SitesModule } from '../sites/index.js';
import { AccountReportService } from './account-report.service.js';
import { ReportBrandService } from './brand/report-brand.service.js';
import { ReportBrands } from './brand/report-brands.repository.js';
import { ReportAnswers } from './formats/report-answers.js';
import { ReportRenderer } from './formats/report-renderer.service.js';
import { ReportController } from './report.controller.js';
import { SiteReportService } from './site-report.service.js';

/** The monthly report of a site and of an account (GET /sites/{id}/report and GET /report), and its white label. */
@Module({
  imports: [AuthModule, SitesModule, ArticlesModule, RollupsModule],
  controllers: [ReportController],
  providers: [
    SiteReportService,
    AccountReportService,
    ReportAnswers,
    ReportRenderer,
    ReportBrands,
    ReportBrandService,
  ],
  // For the console's report pages and white-label form.
  exports: [
    SiteReportService,
    AccountReportService,
    ReportAnswers,
    ReportRenderer,
    ReportBrandService,
  ],
})
export class ReportModule {}
