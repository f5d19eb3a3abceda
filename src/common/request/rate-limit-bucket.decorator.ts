import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_BUCKET = 'content-api:rate-limit-bucket';

export interface RateLimitBucketOptions {
  /** Names the counter, apart from the key's request counter. */
  name: string;
  /** Its limit, as a multiple of RATE_LIMIT_PER_MINUTE. */
  factor: number;
}

/**
 * A key's calls of the route count on a counter of their own instead of the
 * key's request counter: the agent endpoint's protocol messages, which must
 * not use up the requests of the tool calls they carry, yet stay bounded.
 * Calls without a recognised key still count per client address.
 */
export const RateLimitBucket = (options: RateLimitBucketOptions) =>
  SetMetadata(RATE_LIMIT_BUCKET, options);
