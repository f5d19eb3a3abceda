import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Tinypool } from 'tinypool';
import { workerModule } from '../../common/workers/worker-module.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import type { TopLevelSpec } from 'vega-lite';
import type { ReportCharts } from './report-charts.js';
import type { ReportBrand, ReportDocument } from './report-document.js';

/**
 * A rendering thread stops after this long without work, giving its memory
 * back; the first report after that loads the libraries again (about a
 * second).
 */
const WORKER_IDLE_MS = 60_000;

/**
 * One thread renders: a report takes tens of milliseconds of CPU (a chart
 * costs a few), and its libraries take memory per thread; requests queue for it.
 */
const MAX_WORKERS = 1;

/**
 * The rendering thread's heap: its new space small (a report's objects are
 * short-lived and few), so that the thread adds tens of MB to the service's
 * memory, not a hundred; a report needs far less old space than this bound.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 };

/**
 * The HTML and PDF reports, rendered on a worker thread so that no request
 * holds the event loop: drawing charts and laying out a PDF would block it
 * for far more than 100 ms.
 */
@Injectable()
export class ReportRenderer implements OnApplicationShutdown {
  private pool: Tinypool | undefined;

  html(document: ReportDocument): Promise<string> {
    return this.workers().run(document, { name: 'html' }) as Promise<string>;
  }

  async pdf(document: ReportDocument): Promise<Uint8Array> {
    return (await this.workers().run(document, { name: 'pdf' })) as Uint8Array;
  }

  /** A site report's charts as SVG, for a page that lays them out itself (the console's). */
  charts(report: SiteReportDto): Promise<ReportCharts> {
    return this.workers().run(report, { name: 'charts' }) as Promise<ReportCharts>;
  }

  /** A Vega-Lite chart as SVG, drawn on the same thread (the console's charts other than the report's). */
  chart(spec: TopLevelSpec): Promise<string> {
    return this.workers().run(spec, { name: 'svg' }) as Promise<string>;
  }

  /** Why the PDF could not draw `logo` (a damaged PNG, an SVG it cannot read), or null. */
  logoProblem(logo: NonNullable<ReportBrand['logo']>): Promise<string | null> {
    return this.workers().run(logo, { name: 'logo' }) as Promise<string | null>;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private workers(): Tinypool {
    this.pool ??= new Tinypool({
      ...workerModule(import.meta.url, './report-render.worker'),
      minThreads: 0,
      maxThreads: MAX_WORKERS,
      idleTimeout: WORKER_IDLE_MS,
      resourceLimits: WORKER_HEAP,
    });
    return this.pool;
  }
}
