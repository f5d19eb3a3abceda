import { Injectable } from '@nestjs/common';
import QueryStream from 'pg-query-stream';
import type { Readable } from 'node:stream';
import { ReadRouter } from './replicas/read-router.js';

/** Rows fetched from the server per round trip of a streamed read. */
const BATCH_ROWS = 1_000;

/**
 * The longest a streamed read may run, a slow client included: past it the
 * query is ended and the answer cut. The pools' read timeout (35 s) bounds
 * every other query; a whole-range export of a million rows takes longer.
 */
export const STREAM_TIME_LIMIT_MS = 30 * 60_000;

/** A streamed read: the names of its columns, and its rows as arrays in that order. */
export interface RowStream {
  fields: string[];
  rows: Readable;
}

/**
 * Reads whose rows are too many to hold (whole-range CSV exports), streamed
 * through a server-side cursor: BATCH_ROWS at a time, only as fast as the
 * reader takes them, so memory stays bounded whatever the size. The
 * connection comes from the pool ReadRouter chooses (a read replica or the
 * primary) and goes back to it when the stream ends; destroying the stream
 * (the client went away) closes the cursor first, which ends the query on
 * the server.
 */
@Injectable()
export class RowStreams {
  constructor(private readonly router: ReadRouter) {}

  /** Starts the read and waits for its first rows, so that a failing query fails here. */
  async open(text: string, values: readonly unknown[]): Promise<RowStream> {
    const client = await this.router.run((pool) => pool.connect());
    const query = new QueryStream(text, [...values], { rowMode: 'array', batchSize: BATCH_ROWS });
    // node-postgres reads the time limit of a query from the query itself.
    Object.assign(query, { query_timeout: STREAM_TIME_LIMIT_MS });
    let failure: Error | undefined;
    query.once('error', (error) => (failure = error));
    query.once('close', () => client.release(failure));
    client.query(query);
    await firstRows(query);
    const fields = (query as unknown as { _result: { fields: Array<{ name: string }> } })._result
      .fields;
    return { fields: fields.map((field) => field.name), rows: query };
  }
}

function firstRows(query: QueryStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      query.off('readable', ready);
      reject(error);
    };
    const ready = () => {
      query.off('error', failed);
      resolve();
    };
    query.once('readable', ready);
    query.once('error', failed);
  });
}
