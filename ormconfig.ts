import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/database/data-source-options.js';

/**
 * The data source for TypeORM's own CLI (e.g. `typeorm migration:show -d dist/ormconfig.js`).
 * It needs DATABASE_URL; `content-api migrate` also handles the embedded database.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('ormconfig: set DATABASE_URL');

// The entities as built (each module registers its own in the app): TypeORM's CLI compares them with the migrations.
export default new DataSource({
  ...dataSourceOptions(url),
  entities: [join(import.meta.dirname, 'src/**/*.entity.js')],
});
