import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipRateLimit } from '../common/request/skip-rate-limit.decorator.js';
import type { Response } from 'express';
import { Public } from '../common/request/route-access.decorator.js';
import { ShutdownState } from '../lifecycle/index.js';
import { HealthIndicators } from './health-indicators.js';

/**
 * Probes for the orchestrator; not part of the API contract. An unready
 * replica answers 503 with terminus's report (which dependency is down), not
 * the API's error envelope: the reader is an operator, not an API client.
 */
@ApiExcludeController()
@SkipRateLimit()
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicators,
    private readonly shutdown: ShutdownState,
  ) {}

  /** The process runs and serves HTTP; dependencies are not consulted, so an outage restarts nothing. */
  @Get('live')
  live(@Res({ passthrough: true }) res: Response): Promise<HealthCheckResult> {
    return this.report(res, []);
  }

  /**
   * Whether to route traffic here: PostgreSQL answers (Redis and read replicas, when configured,
   * are reported as degraded if not), and the replica is not draining for shutdown. Liveness stays up while
   * draining: the process still serves the requests that reach it.
   */
  @Get('ready')
  ready(@Res({ passthrough: true }) res: Response): Promise<HealthCheckResult> {
    if (this.shutdown.draining) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return Promise.resolve({ status: 'shutting_down', info: {}, error: {}, details: {} });
    }
    return this.report(res, [
      () => this.indicators.database(),
      ...(this.indicators.hasRedis ? [() => this.indicators.redis()] : []),
      ...(this.indicators.hasReplicas ? [() => this.indicators.replicas()] : []),
    ]);
  }

  /** Also while shutting down, when terminus answers every check with 503 `shutting_down`. */
  private async report(
    res: Response,
    checks: HealthIndicatorFunction[],
  ): Promise<HealthCheckResult> {
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return error.getResponse() as HealthCheckResult;
    }
  }
}
