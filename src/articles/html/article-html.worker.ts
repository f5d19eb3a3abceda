import { setPriority } from 'node:os';
import { ArticleBodyRules } from './article-body-rules.js';
import type { HtmlLimits } from './html-sanitizer.js';

/**
 * The HTML worker: ArticleBodyRules on a thread of its own (ArticleHtmlService runs
 * large bodies here, off the event loop). One export per operation; each task
 * carries the limits it is judged by.
 */

/**
 * The worker thread runs at a lower priority than the event loop (Linux
 * nice is per thread), so that judging a large body never takes a core from
 * answering requests; where that cannot be set, it runs as is.
 */
const WORKER_NICENESS = 10;
try {
  setPriority(WORKER_NICENESS);
} catch {
  // Not permitted here: the worker keeps the process's priority.
}

const rulesByNesting = new Map<number, ArticleBodyRules>();

function rules(limits: HtmlLimits): ArticleBodyRules {
  let found = rulesByNesting.get(limits.maxNesting);
  if (found === undefined) {
    found = new ArticleBodyRules(limits);
    rulesByNesting.set(limits.maxNesting, found);
  }
  return found;
}

export interface HtmlTask<A extends unknown[]> {
  limits: HtmlLimits;
  args: A;
}

export function review({ limits, args: [submitted] }: HtmlTask<[string]>) {
  return rules(limits).review(submitted);
}

export function protect({ limits, args }: HtmlTask<[string, string, string | null]>) {
  return rules(limits).protect(...args);
}

export function links({ limits, args: [body] }: HtmlTask<[string]>) {
  return rules(limits).links(body);
}

export function missingLinks({ limits, args }: HtmlTask<[string, string, string | null]>) {
  return rules(limits).missingLinks(...args);
}

export function preview({ limits, args: [body] }: HtmlTask<[string]>) {
  return rules(limits).preview(body);
}
