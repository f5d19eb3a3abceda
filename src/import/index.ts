export { ImportModule } from './import.module.js';
export { ImportService } from './import.service.js';
export { validateArticle, validateBacklink, validateSite } from './import.validator.js';
