import { Controller, Get, Header, Inject, NotFoundException, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipRateLimit } from '../common/request/skip-rate-limit.decorator.js';
import type { Response } from 'express';
import { Public } from '../common/request/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus scrape endpoint; for operations, not part of the API contract.
 * Absent here when METRICS_PORT moves it to a listener of its own.
 */
@ApiExcludeController()
@SkipRateLimit()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() res: Response): Promise<void> {
    if (this.config.metricsPort !== undefined) throw new NotFoundException();
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
