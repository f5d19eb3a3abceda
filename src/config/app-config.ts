import { resolve } from 'node:path';
import { DEFAULT_MAX_NESTING, MAX_NESTING_RANGE } from './html-limits.js';
import { ConfigError } from './config-error.js';
import { redisKeyPrefix, redisTopology, type RedisTopology } from './redis-topology.js';

/**
 * The service's whole configuration, read once from the environment.
 * Every variable of operations.md lives here and nowhere else.
 */
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Read replicas of DATABASE_URL's primary, and how reads use them (src/database/replicas). */
  replicas: ReplicaConfig;
  /** What DATABASE_URL leads to: PostgreSQL itself, or PgBouncer in transaction mode. */
  databasePooler: DatabasePooler;
  /** A direct connection to the primary for migrations and session locks (never through a pooler). */
  databaseMigrationUrl: string | undefined;
  dataDir: string;
  /** REDIS_URL / REDIS_CLUSTER_NODES: one server, a Sentinel set or a Cluster; none: in process. */
  redis: RedisTopology | undefined;
  publicBaseUrl: string;
  rateLimitPerMinute: number;
  editLimitPerDay: number;
  migrateOnStart: boolean;
  seedDemo: boolean;
  logLevel: LogLevel;
  /** A request slower than this (ms) gets a `warn` line at the default level (see src/logging). */
  logSlowRequestMs: number;
  mediaS3: MediaS3Config | undefined;
  /**
   * Days a learning-log row is kept at least; its month's partition is dropped once the whole
   * month is older (see src/learning-log/learning-log-months.ts).
   */
  learningLogRetentionDays: number;
  /** Deprecated variables that were set, each said in words; logged as warnings at start. */
  deprecations: string[];
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
  /** Outgoing email (src/mail): SMTP_URL and MAIL_FROM. */
  mail: MailConfig;
}

export interface MailConfig {
  /** SMTP_URL (`smtp://` or `smtps://`); unset: messages are written to the server log instead. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, as given (`Name <address>` or an address); default `content-api <no-reply@{host}>`. */
  from: string;
}

export type CorsOrigins = '*' | readonly string[];

export interface ReplicaConfig {
  /** DATABASE_REPLICA_URLS; empty: every read goes to the primary. */
  urls: readonly string[];
  /** After a key, connection or user writes, its reads stay on the primary this long. */
  stickySeconds: number;
  /** A replica further behind the primary than this is skipped. */
  maxLagSeconds: number;
}

export const DATABASE_POOLERS = ['none', 'pgbouncer'] as const;
export type DatabasePooler = (typeof DATABASE_POOLERS)[number];

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

export { ConfigError };

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

/** More than a year: the same month of last year is still there to compare with. */
const DEFAULT_LEARNING_LOG_RETENTION_DAYS = 400;
const RETENTION_RANGE = { min: 1, max: 36_500 };

/**
 * `LEARNING_LOG_RETENTION_DAYS`, or `LOG_RETENTION_DAYS`, its former name, when only that is set:
 * a retention an operator chose keeps applying after the upgrade (with a warning) instead of
 * silently becoming the new default. Both set is refused: which one was meant cannot be known.
 */
function learningLogRetention(env: Env): { days: number; deprecations: string[] } {
  const days = (name: string) =>
    integer(
      env,
      name,
      DEFAULT_LEARNING_LOG_RETENTION_DAYS,
      RETENTION_RANGE.min,
      RETENTION_RANGE.max,
    );
  const formerSet = read(env, 'LOG_RETENTION_DAYS') !== undefined;
  if (!formerSet) return { days: days('LEARNING_LOG_RETENTION_DAYS'), deprecations: [] };
  if (read(env, 'LEARNING_LOG_RETENTION_DAYS') !== undefined) {
    throw new ConfigError(
      'LOG_RETENTION_DAYS',
      'is the former name of LEARNING_LOG_RETENTION_DAYS: set only LEARNING_LOG_RETENTION_DAYS',
    );
  }
  return {
    days: days('LOG_RETENTION_DAYS'),
    deprecations: [
      'LOG_RETENTION_DAYS is deprecated: rename it LEARNING_LOG_RETENTION_DAYS (its value applies meanwhile).',
    ],
  };
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

/** A variable that only means something next to DATABASE_URL. */
function needsDatabaseUrl(env: Env, name: string, databaseUrl: string | undefined): void {
  if (read(env, name) !== undefined && databaseUrl === undefined) {
    throw new ConfigError(name, 'needs DATABASE_URL (the primary) to be set as well');
  }
}

/**
 * `DATABASE_REPLICA_URLS`: postgres URLs separated by commas. An entry is
 * named by its position, never quoted: it may hold a password.
 */
function replicas(env: Env, databaseUrl: string | undefined): ReplicaConfig {
  needsDatabaseUrl(env, 'DATABASE_REPLICA_URLS', databaseUrl);
  const raw = read(env, 'DATABASE_REPLICA_URLS');
  const urls = (raw === undefined ? [] : raw.split(',')).map((entry, index) => {
    const candidate = entry.trim();
    const problem = `must be a comma-separated list of postgres:// URLs (entry ${index + 1} is not one)`;
    try {
      if (!['postgres:', 'postgresql:'].includes(new URL(candidate).protocol)) throw new Error();
    } catch {
      throw new ConfigError('DATABASE_REPLICA_URLS', problem);
    }
    return candidate;
  });
  return {
    urls,
    stickySeconds: integer(env, 'REPLICA_STICKY_SECONDS', 5, 0, 3_600),
    maxLagSeconds: integer(env, 'REPLICA_MAX_LAG_SECONDS', 10, 1, 3_600),
  };
}

function migrationUrl(env: Env, databaseUrl: string | undefined): string | undefined {
  needsDatabaseUrl(env, 'DATABASE_MIGRATION_URL', databaseUrl);
  return url(env, 'DATABASE_MIGRATION_URL', ['postgres:', 'postgresql:']);
}

function databasePooler(env: Env, databaseUrl: string | undefined): DatabasePooler {
  const raw = (read(env, 'DATABASE_POOLER') ?? 'none').toLowerCase();
  if (!(DATABASE_POOLERS as readonly string[]).includes(raw)) {
    throw new ConfigError('DATABASE_POOLER', `must be one of ${DATABASE_POOLERS.join(', ')}`);
  }
  if (raw !== 'none') needsDatabaseUrl(env, 'DATABASE_POOLER', databaseUrl);
  return raw as DatabasePooler;
}

/**
 * SMTP_URL and MAIL_FROM. The sender is checked here, at start, rather than
 * by the first message that fails: `Name <address>` or a bare address, one
 * line, its address with an `@` and no spaces.
 */
function mailConfig(env: Env, publicBaseUrl: string): MailConfig {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (smtpUrl !== undefined && new URL(smtpUrl).hostname === '') {
    throw new ConfigError('SMTP_URL', 'must name the mail server (smtp://user:pass@host:587)');
  }
  const from =
    read(env, 'MAIL_FROM') ?? `content-api <no-reply@${new URL(publicBaseUrl).hostname}>`;
  const named = /^([^<>\r\n]*)<([^<>\s]+)>$/.exec(from);
  const address = named ? named[2] : from;
  if (/[\s<>]/.test(address) || !/^[^@]+@[^@]+$/.test(address)) {
    throw new ConfigError(
      'MAIL_FROM',
      `must be an email address, or a name and one in angle brackets (content-api <no-reply@example.com>); got "${from}"`,
    );
  }
  return { smtpUrl, from };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicBaseUrl = (
    url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/$/, '');
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  const retention = learningLogRetention(env);
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    replicas: replicas(env, databaseUrl),
    databasePooler: databasePooler(env, databaseUrl),
    databaseMigrationUrl: migrationUrl(env, databaseUrl),
    dataDir: resolve(read(env, 'DATA_DIR') ?? './.data'),
    redis: redisTopology(read(env, 'REDIS_URL'), read(env, 'REDIS_CLUSTER_NODES')),
    publicBaseUrl,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    editLimitPerDay: integer(env, 'EDIT_LIMIT_PER_DAY', 200, 1, 1_000_000),
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    seedDemo: boolean(env, 'SEED_DEMO', databaseUrl === undefined),
    logLevel: logLevel as LogLevel,
    logSlowRequestMs: integer(env, 'LOG_SLOW_REQUEST_MS', 1000, 1, 3_600_000),
    mediaS3: mediaS3(env, publicBaseUrl),
    learningLogRetentionDays: retention.days,
    deprecations: retention.deprecations,
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    redisKeyPrefix: redisKeyPrefix(read(env, 'REDIS_KEY_PREFIX')),
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
    mail: mailConfig(env, publicBaseUrl),
  };
}
