import { MAX_ID } from '../http/id-param.pipe.js';

/**
 * The integers of the document, each with its format and bounds, so that
 * generated clients pick the right type and nobody guesses a range.
 */

/** A row id of an `integer` column: sites, articles. */
export const INT32_ID = { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_ID } as const;

/**
 * A row id of a `bigint` column (backlinks), or a count: sent as a JSON
 * number, so never above 2^53 - 1, the largest integer every JSON client
 * reads exactly.
 */
export const INT64_ID = {
  type: 'integer',
  format: 'int64',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

export const INT64_COUNT = {
  type: 'integer',
  format: 'int64',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;
