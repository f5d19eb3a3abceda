export { MetricsListener } from './metrics.listener.js';
export { MetricsModule } from './metrics.module.js';
export { MetricsService } from './metrics.service.js';
export { registerRedisUpGauge } from './redis-up.gauge.js';
