export { SiteDto } from './dto/site.dto.js';
export { siteOnAccount, sitesOfAccount } from './site-ownership.sql.js';
export { SiteNotFoundError } from './sites.errors.js';
export { SitesModule } from './sites.module.js';
export { SITE_TABLES, SitesRepository } from './sites.repository.js';
export type { SiteFields, SiteSummary } from './sites.repository.js';
export { SitesService } from './sites.service.js';
