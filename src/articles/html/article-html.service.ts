import { availableParallelism } from 'node:os';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Tinypool } from 'tinypool';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MetricsService } from '../../metrics/index.js';
import { ArticleBodyRules, BodyEditOutcome } from './article-body-rules.js';
import type { HtmlLimits, SanitizeVerdict } from './html-sanitizer.js';
import type { ProtectedLink } from './protected-links.js';
import { workerModule } from '../../common/workers/worker-module.js';

/**
 * Bodies up to this many characters are judged on the event loop: at the
 * worst (every character a tag, nested to the limit) that takes a few
 * milliseconds. Larger ones go to a worker thread, so that no request holds
 * the event loop for long (a 1,000,000-character body takes ~1 s of CPU).
 */
export const INLINE_CHARACTERS = 32_768;

/** Worker threads started for large bodies stop after this long without work. */
const WORKER_IDLE_MS = 60_000;

/**
 * At most this many worker threads: a core is left to the event loop, and
 * each thread holds a heap of its own (a container's CPU limit is not what
 * availableParallelism reports, its memory limit is what counts).
 */
const MAX_WORKERS = Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * The article-body rules (ArticleBodyRules) as the app runs them: on the
 * event loop for small bodies, on a pool of worker threads for large ones.
 * Every read and write of a body goes through here.
 */
@Injectable()
export class ArticleHtmlService implements OnApplicationShutdown {
  private readonly limits: HtmlLimits;
  private readonly rules: ArticleBodyRules;
  private pool: Tinypool | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.limits = { maxNesting: config.htmlMaxNesting };
    this.rules = new ArticleBodyRules(this.limits);
  }

  /** The allow-list verdict on a submitted body. */
  review(submitted: string): Promise<SanitizeVerdict> {
    return this.run('review', [submitted], submitted.length, () => this.rules.review(submitted));
  }

  /** The protected-link rule on a reviewed body against the stored one (ArticleBodyRules.protect). */
  protect(stored: string, reviewed: string, articleUrl: string | null): Promise<BodyEditOutcome> {
    return this.run(
      'protect',
      [stored, reviewed, articleUrl],
      stored.length + reviewed.length,
      () => this.rules.protect(stored, reviewed, articleUrl),
    );
  }

  /** The protected links of `current` that `candidate` would drop (ArticleBodyRules.missingLinks). */
  missingLinks(
    current: string,
    candidate: string,
    articleUrl: string | null,
  ): Promise<ProtectedLink[]> {
    return this.run(
      'missingLinks',
      [current, candidate, articleUrl],
      current.length + candidate.length,
      () => this.rules.missingLinks(current, candidate, articleUrl),
    );
  }

  /** A body with everything outside the allow-list left out, for showing it. */
  preview(body: string): Promise<string> {
    return this.run('preview', [body], body.length, () => this.rules.preview(body));
  }

  /** The protected links of a body, as the API lists them. */
  links(body: string): Promise<ProtectedLink[]> {
    return this.run('links', [body], body.length, () => this.rules.links(body));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private run<T>(name: string, args: unknown[], size: number, inline: () => T): Promise<T> {
    if (size <= INLINE_CHARACTERS) return Promise.resolve(inline());
    this.metrics.htmlWorkerTasks.inc({ operation: name });
    return this.workers().run({ limits: this.limits, args }, { name }) as Promise<T>;
  }

  private workers(): Tinypool {
    this.pool ??= new Tinypool({
      ...workerModule(import.meta.url, './article-html.worker'),
      minThreads: 0,
      maxThreads: MAX_WORKERS,
      idleTimeout: WORKER_IDLE_MS,
    });
    return this.pool;
  }
}
