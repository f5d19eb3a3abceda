export { BACKLINK_ROLLUP_SOURCE } from './backlink-rollup-source.js';
export { BACKLINK_CATEGORIES } from './backlink.entity.js';
export type { BacklinkCategory } from './backlink.entity.js';
export { BACKLINK_TABLES, BacklinkImports } from './backlink-imports.js';
export type { ImportedBacklink } from './backlink-imports.js';
export { BacklinksModule } from './backlinks.module.js';
