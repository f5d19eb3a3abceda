export { CallAdmission } from './call-admission.js';
export { addressTracker } from './rate-limit-counters.js';
export { RateLimitGuard } from './rate-limit.guard.js';
export { RateLimitModule } from './rate-limit.module.js';
export { RequestRateLimiter } from './request-rate-limiter.service.js';
