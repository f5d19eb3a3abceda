import { SetMetadata } from '@nestjs/common';

export const SKIP_RATE_LIMIT = 'content-api:skip-rate-limit';

/** The route is not counted against any per-minute limit (health, metrics, the OpenAPI document). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);
