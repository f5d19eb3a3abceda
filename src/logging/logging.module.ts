import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { httpLoggerOptions } from './http-logger.options.js';

/** pino for requests and for Nest's own logs (createApp hands Nest the pino logger). */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ pinoHttp: httpLoggerOptions(config) }),
    }),
  ],
})
export class LoggingModule {}
