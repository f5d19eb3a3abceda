import { resolve } from 'node:path';
import { DEFAULT_MAX_NESTING, MAX_NESTING_RANGE } from '../articles/html/markup-precheck.js';

/**
 * The service's whole configuration, read once from the environment.
 * Every variable of operations.md lives here and nowhere else.
 */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  publicBaseUrl: string;
  rateLimitPerMinute: number;
  editLimitPerDay: number;
  migrateOnStart: boolean;
  seedDemo: boolean;
  logLevel: LogLevel;
  mediaS3: MediaS3Config | undefined;
  /** Days a learning-log row is kept before it is pruned. */
  logRetentionDays: number;
  /** Load balancers in front of the service whose X-Forwarded-For is trusted (0: none). */
  trustProxyHops: number;
  /** Prefix of every Redis key, so that several deployments can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Seconds between SIGTERM and closing the listener, while readiness fails and requests are
   * still served, so that load balancers polling readiness take the replica out first.
   */
  shutdownDrainSeconds: number;
  /**
   * When set, /metrics is served on this port only (not on PORT), so that an ingress routing
   * PORT never exposes it.
   */
  metricsPort: number | undefined;
  /** How deep elements may nest in an article body (edits and imports). */
  htmlMaxNesting: number;
  /**
   * How far V8 lets the old generation grow past its live size before the next full
   * collection, in percent (0: V8's own choice). See src/lifecycle/heap-growth.ts.
   */
  heapGrowingPercent: number;
  /** Browser origins allowed to call the API (CORS): a list, `'*'` for any, empty for none. */
  corsOrigins: CorsOrigins;
  /**
   * Lets assistants' client metadata documents be served over http from
   * 127.0.0.1 (tests only; refused when NODE_ENV is production).
   */
  oauthAllowInsecureMetadataUrls: boolean;
}

export type CorsOrigins = '*' | readonly string[];

export interface MediaS3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  publicUrl: string;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown for a bad variable; start-up prints its message and exits. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be an absolute URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
  }
  return raw;
}

/**
 * `CORS_ORIGINS`: `*`, or origins separated by commas (`https://app.example,
 * http://localhost:5173`), each a scheme, host and optional port with nothing
 * after it — what a browser sends as `Origin`.
 */
function corsOrigins(env: Env): CorsOrigins {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  if (raw === '*') return '*';
  return raw.split(',').map((entry) => {
    const candidate = entry.trim();
    const problem = `must be * or a comma-separated list of origins such as https://app.example (got "${candidate}")`;
    let parsed: URL;
    try {
      parsed = new URL(candidate);
    } catch {
      throw new ConfigError('CORS_ORIGINS', problem);
    }
    const bare = parsed.pathname === '/' && !candidate.includes('?') && !candidate.includes('#');
    if (!['http:', 'https:'].includes(parsed.protocol) || !bare || parsed.username !== '') {
      throw new ConfigError('CORS_ORIGINS', problem);
    }
    return parsed.origin;
  });
}

function mediaS3(env: Env, publicBaseUrl: string): MediaS3Config | undefined {
  const bucket = read(env, 'MEDIA_S3_BUCKET');
  if (bucket === undefined) return undefined;
  const endpoint = url(env, 'MEDIA_S3_ENDPOINT', ['http:', 'https:']);
  const publicUrl =
    url(env, 'MEDIA_PUBLIC_URL', ['http:', 'https:']) ??
    (endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `${publicBaseUrl}/media`);
  return {
    bucket,
    endpoint,
    region: read(env, 'MEDIA_S3_REGION') ?? 'us-east-1',
    accessKeyId: read(env, 'MEDIA_S3_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'MEDIA_S3_SECRET_ACCESS_KEY'),
    publicUrl: publicUrl.replace(/\/$/, ''),
  };
}

function metricsPort(env: Env, port: number): number | undefined {
  if (read(env, 'METRICS_PORT') === undefined) return undefined;
  const metrics = integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (metrics === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (${port})`);
  return metrics;
}

function insecureMetadataUrls(env: Env): boolean {
  const allowed = boolean(env, 'OAUTH_ALLOW_INSECURE_METADATA_URLS', false);
  if (allowed && read(env, 'NODE_ENV') === 'production') {
    throw new ConfigError(
      'OAUTH_ALLOW_INSECURE_METADATA_URLS',
      'must not be true in production (NODE_ENV=production)',
    );
  }
  return allowed;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicBaseUrl = (
    url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/$/, '');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: resolve(read(env, 'DATA_DIR') ?? './.data'),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    publicBaseUrl,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    editLimitPerDay: integer(env, 'EDIT_LIMIT_PER_DAY', 200, 1, 1_000_000),
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    seedDemo: boolean(env, 'SEED_DEMO', databaseUrl === undefined),
    logLevel: logLevel as LogLevel,
    mediaS3: mediaS3(env, publicBaseUrl),
    logRetentionDays: integer(env, 'LOG_RETENTION_DAYS', 90, 1, 36_500),
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    redisKeyPrefix: read(env, 'REDIS_KEY_PREFIX') ?? 'content-api:',
    shutdownDrainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
    metricsPort: metricsPort(env, port),
    htmlMaxNesting: integer(
      env,
      'HTML_MAX_NESTING',
      DEFAULT_MAX_NESTING,
      MAX_NESTING_RANGE.min,
      MAX_NESTING_RANGE.max,
    ),
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', 0, 0, 1_000),
    corsOrigins: corsOrigins(env),
    oauthAllowInsecureMetadataUrls: insecureMetadataUrls(env),
  };
}
