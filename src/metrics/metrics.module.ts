import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller.js';
import { MetricsListener } from './metrics.listener.js';
import { MetricsService } from './metrics.service.js';

@Module({
  controllers: [MetricsController],
  providers: [MetricsService, MetricsListener],
  exports: [MetricsService, MetricsListener],
})
export class MetricsModule {}
