export { LoggingModule } from './logging.module.js';
export { NestLog } from './nest-log.js';
