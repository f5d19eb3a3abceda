import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipRateLimit } from '../rate-limit/skip-rate-limit.decorator.js';
import type { Response } from 'express';
import { Public } from '../auth/decorators/route-access.decorator.js';
import { MetricsService } from './metrics.service.js';

/** Prometheus scrape endpoint; for operations, not part of the API contract. */
@ApiExcludeController()
@SkipRateLimit()
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() res: Response): Promise<void> {
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
