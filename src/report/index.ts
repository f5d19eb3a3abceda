export { ReportModule } from './report.module.js';
export { SiteReportService } from './site-report.service.js';
export { AccountReportService } from './account-report.service.js';
export { ReportAnswers, REPORT_PAGE_POLICY, type FileFormat } from './formats/report-answers.js';
export { ReportRenderer } from './formats/report-renderer.service.js';
export type { ReportCharts } from './formats/report-charts.js';
export type { ReportBrand } from './formats/report-document.js';
export { REPORT_FORMATS, type ReportFormat } from './report-formats.js';
export { COMPARISONS, type Comparison } from './comparison-period.js';
export { SiteReportQueryDto, AccountReportQueryDto, DEFAULT_TOP } from './dto/report-query.dto.js';
export type { SiteReportDto } from './dto/site-report.dto.js';
export type { AccountReportDto, AccountReportRowDto } from './dto/account-report.dto.js';
export type { ReportChangeDto, ReportCountsDto } from './dto/report-counts.dto.js';
export {
  ReportBrandService,
  MAX_DISPLAY_NAME_LENGTH,
  type BrandRequest,
} from './brand/report-brand.service.js';
export { ReportBrandInvalidError } from './brand/report-brand.errors.js';
export { LOGO_MEDIA_TYPES, MAX_LOGO_BYTES } from './brand/logo-check.js';
export {
  COUNT_LABELS,
  COUNT_NAMES,
  NO_VALUE,
  ORIGIN_LABELS,
  changeText,
  count,
  periodText,
  summaryRows,
} from './formats/report-text.js';
