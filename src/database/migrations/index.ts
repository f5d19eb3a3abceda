import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';

/** Every migration, oldest first. A new migration is added here as well as in its file. */
export const MIGRATIONS = [InitialSchema1763683200000];
