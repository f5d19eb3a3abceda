export { LoggingModule } from './logging.module.js';
