import { Injectable } from '@nestjs/common';
import { MetricsService } from '../metrics/index.js';
import type { CallRecord } from './call-record.js';
import { LearningLogWriter } from './learning-log.writer.js';

/**
 * Where every call is recorded, once: API calls by ApiCallRecorder when their
 * response ends, agent calls by the MCP server (channel `mcp`, the tool name
 * as operation). Each record goes to the learning log and to the call metrics.
 */
@Injectable()
export class LearningLog {
  constructor(
    private readonly writer: LearningLogWriter,
    private readonly metrics: MetricsService,
  ) {}

  record(recorded: CallRecord): void {
    const call = storable(recorded);
    this.writer.enqueue(call);
    const labels = {
      channel: call.channel,
      operation: call.operation ?? 'unmatched',
      status: String(call.status),
    };
    this.metrics.calls.inc(labels);
    this.metrics.callDuration.observe(labels, call.durationMs / 1000);
    if (call.error === 'rate_limited') this.metrics.rateLimited.inc({ channel: call.channel });
    if (call.error === 'edit_limit_exceeded')
      this.metrics.editLimited.inc({ channel: call.channel });
  }
}

/**
 * The record with every NUL character replaced: a client can put one in a
 * JSON-RPC method name, and PostgreSQL text cannot hold it — one such row
 * would fail every batch it is written in.
 */
function storable(call: CallRecord): CallRecord {
  const clean = (text: string | null) => text?.replaceAll('\u0000', '\ufffd') ?? null;
  return {
    ...call,
    operation: clean(call.operation),
    method: clean(call.method),
    path: clean(call.path),
    requestId: clean(call.requestId),
    clientAddress: clean(call.clientAddress),
    userAgent: clean(call.userAgent),
    error: clean(call.error),
    mailTo: clean(call.mailTo ?? null),
    mailSubject: clean(call.mailSubject ?? null),
  };
}
