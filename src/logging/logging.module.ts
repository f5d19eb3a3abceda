import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { httpLoggerOptions } from './http-logger.options.js';
import { NestLog } from './nest-log.js';

/**
 * pino for requests and for Nest's own logs (createApp hands Nest NestLog).
 * At LOG_LEVEL=silent no line is ever written, so no request gets the
 * per-request logger either: its child logger, bindings and end-of-request
 * serialisation would only format what is thrown away.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: httpLoggerOptions(config),
        ...(config.logLevel === 'silent' ? { forRoutes: [] } : {}),
      }),
    }),
  ],
  providers: [NestLog],
  exports: [NestLog],
})
export class LoggingModule {}
