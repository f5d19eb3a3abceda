import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RedisModule } from '../redis/index.js';
import { HealthController } from './health.controller.js';
import { HealthIndicators } from './health-indicators.js';

/** /health/live and /health/ready. A replica shutting down answers ready with 503. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RedisModule],
  controllers: [HealthController],
  providers: [HealthIndicators],
})
export class HealthModule {}
