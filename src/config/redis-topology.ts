import { ConfigError } from './config-error.js';

/** A server, sentinel or cluster node to connect to. */
export interface RedisAddress {
  host: string;
  port: number;
}

/** What AUTH sends: a password, with a username for an ACL user (none: the default user). */
export interface RedisCredentials {
  username?: string;
  password?: string;
}

/**
 * Where the shared counters live, read from `REDIS_URL` and `REDIS_CLUSTER_NODES`:
 *
 * - one server: `redis://[[username]:password@]host[:port][/db]`, or `rediss://…` over TLS
 *   (given to ioredis as written);
 * - a Sentinel set:
 *   `redis-sentinel://[[username]:password@]host[:port][,host[:port]…]/master-name[/db]`
 *   `[?sentinelUsername=…&sentinelPassword=…]`, or `rediss-sentinel://…` for TLS to the
 *   sentinels and the data nodes. The credentials before `@` are the data nodes' (master and
 *   replicas); the sentinels' are the query parameters (none: the sentinels ask for none).
 *   Sentinel port 26379 by default; database 0 by default;
 * - a Cluster: `REDIS_CLUSTER_NODES=host[:port][,host[:port]…]` (port 6379 by default), the
 *   nodes to start from; the client learns the others from them. `REDIS_URL`, optional with it,
 *   then gives every node's credentials and `rediss://` for TLS, and its host is one more node
 *   to start from; it may name no database (a cluster has only database 0).
 *
 * Credentials are percent-encoded, as in any URL (`@` as `%40`, `:` as `%3A`).
 */
export type RedisTopology =
  | { kind: 'server'; url: string }
  | {
      kind: 'sentinel';
      sentinels: RedisAddress[];
      masterName: string;
      db: number;
      tls: boolean;
      data: RedisCredentials;
      sentinel: RedisCredentials;
    }
  | { kind: 'cluster'; nodes: RedisAddress[]; tls: boolean; credentials: RedisCredentials };

const SERVER_PORT = 6379;
const SENTINEL_PORT = 26379;
const SCHEMES = ['redis:', 'rediss:', 'redis-sentinel:', 'rediss-sentinel:'];
const SENTINEL_GRAMMAR =
  'redis-sentinel://[[username]:password@]host[:port][,host[:port]…]/master-name[/db]';
const SENTINEL_PARAMETERS = ['sentinelUsername', 'sentinelPassword'];

/** `REDIS_URL` and `REDIS_CLUSTER_NODES` as read from the environment (blank: undefined). */
export function redisTopology(
  url: string | undefined,
  clusterNodes: string | undefined,
): RedisTopology | undefined {
  if (url !== undefined) {
    const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(url)?.[1].toLowerCase();
    if (scheme === undefined || !SCHEMES.includes(scheme)) {
      throw new ConfigError(
        'REDIS_URL',
        `must start with redis://, rediss://, redis-sentinel:// or rediss-sentinel:// (${scheme === undefined ? 'it has no scheme' : `got "${scheme}//"`})`,
      );
    }
    if (scheme.endsWith('sentinel:')) {
      if (clusterNodes !== undefined) {
        throw new ConfigError(
          'REDIS_CLUSTER_NODES',
          'cannot be combined with a Sentinel REDIS_URL (redis-sentinel://): set one topology',
        );
      }
      return sentinelTopology(url, scheme === 'rediss-sentinel:');
    }
  }
  if (clusterNodes !== undefined) return clusterTopology(clusterNodes, url);
  if (url === undefined) return undefined;
  serverUrl(url);
  return { kind: 'server', url };
}

/** A redis:// or rediss:// URL, its database number checked (ioredis reads the rest). */
function serverUrl(url: string): { parsed: URL; db: number | undefined } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('REDIS_URL', 'must be an absolute URL');
  }
  if (parsed.hostname === '') throw new ConfigError('REDIS_URL', 'must name a host');
  const path = /^\/?(\d*)$/.exec(parsed.pathname);
  if (!path) {
    throw new ConfigError(
      'REDIS_URL',
      `must end with its host, or /<database number> after it (got "${parsed.pathname}")`,
    );
  }
  return { parsed, db: path[1] === '' ? undefined : Number(path[1]) };
}

function sentinelTopology(url: string, tls: boolean): RedisTopology {
  const problem = (what: string) =>
    new ConfigError('REDIS_URL', `must be ${SENTINEL_GRAMMAR}: ${what}`);
  const match =
    /^[^:]+:\/\/(?:([^@/?#]*)@)?([^/?#]*)(?:\/([^/?#]*))?(?:\/([^/?#]*))?(?:\?([^#]*))?$/.exec(url);
  if (!match) throw problem('unexpected text after the master name and database');
  const [, userinfo, hosts, master, db, query] = match;
  if (hosts === '') throw problem('no sentinel host');
  if (master === undefined || master === '') throw problem('no master name after the hosts');
  if (db !== undefined && !/^\d+$/.test(db)) {
    throw problem(`the database must be a number (got "${db}")`);
  }
  const parameters = new URLSearchParams(query ?? '');
  for (const name of parameters.keys()) {
    if (!SENTINEL_PARAMETERS.includes(name)) {
      throw problem(`unknown parameter "${name}" (known: ${SENTINEL_PARAMETERS.join(', ')})`);
    }
  }
  return {
    kind: 'sentinel',
    sentinels: addresses('REDIS_URL', hosts, SENTINEL_PORT),
    masterName: decoded(master),
    db: db === undefined ? 0 : Number(db),
    tls,
    data: userinfo === undefined ? {} : credentials(userinfo),
    sentinel: definedOnly({
      username: parameters.get('sentinelUsername') || undefined,
      password: parameters.get('sentinelPassword') || undefined,
    }),
  };
}

function clusterTopology(nodes: string, url: string | undefined): RedisTopology {
  const seeds = addresses('REDIS_CLUSTER_NODES', nodes, SERVER_PORT);
  if (url === undefined) return { kind: 'cluster', nodes: seeds, tls: false, credentials: {} };
  const { parsed, db } = serverUrl(url);
  if (db !== undefined && db !== 0) {
    throw new ConfigError(
      'REDIS_URL',
      `must name no database with REDIS_CLUSTER_NODES: a Redis Cluster has only database 0 (got ${db})`,
    );
  }
  const own = addresses('REDIS_URL', parsed.host, SERVER_PORT)[0];
  const known = seeds.some((seed) => seed.host === own.host && seed.port === own.port);
  return {
    kind: 'cluster',
    nodes: known ? seeds : [...seeds, own],
    tls: parsed.protocol === 'rediss:',
    credentials: definedOnly({
      username: parsed.username === '' ? undefined : decoded(parsed.username),
      password: parsed.password === '' ? undefined : decoded(parsed.password),
    }),
  };
}

/** `host[:port]` entries separated by commas; an IPv6 address in brackets. */
function addresses(variable: string, list: string, defaultPort: number): RedisAddress[] {
  return list.split(',').map((entry) => {
    const candidate = entry.trim();
    const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::(\d{1,5}))?$/i.exec(candidate);
    const port = match?.[3] === undefined ? defaultPort : Number(match[3]);
    if (!match || port < 1 || port > 65535) {
      throw new ConfigError(
        variable,
        `must list host or host:port entries separated by commas (got "${candidate}")`,
      );
    }
    return { host: match[1] ?? match[2], port };
  });
}

/** `[username]:password` before the `@`, as in a redis:// URL. */
function credentials(userinfo: string): RedisCredentials {
  const colon = userinfo.indexOf(':');
  if (colon === -1) {
    throw new ConfigError(
      'REDIS_URL',
      `must be ${SENTINEL_GRAMMAR}: the credentials before @ are [username]:password (a password alone is :password)`,
    );
  }
  const [username, password] = [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
  return definedOnly({
    username: username === '' ? undefined : decoded(username),
    password: password === '' ? undefined : decoded(password),
  });
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // The text may be a password: the message names the rule, never the value.
    throw new ConfigError('REDIS_URL', 'has a malformed %-escape in its credentials or names');
  }
}

function definedOnly(credentials: RedisCredentials): RedisCredentials {
  return Object.fromEntries(Object.entries(credentials).filter(([, value]) => value !== undefined));
}

/**
 * `REDIS_KEY_PREFIX`: before every key. Braces are refused: Redis Cluster hashes the first
 * `{…}` of a key, so braces here would put every counter on one slot instead of each on its own.
 */
export function redisKeyPrefix(raw: string | undefined): string {
  if (raw === undefined) return 'content-api:';
  if (/[{}]/.test(raw)) {
    throw new ConfigError(
      'REDIS_KEY_PREFIX',
      'must not contain { or }: the keys carry their own hash tags for Redis Cluster',
    );
  }
  return raw;
}
