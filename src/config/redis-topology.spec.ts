import { ConfigError, loadConfig } from './app-config.js';

const redis = (env: Record<string, string>) => loadConfig(env).redis;

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('REDIS_URL: one server', () => {
  it('is unset by default: counters in process', () => {
    expect(redis({})).toBeUndefined();
    expect(redis({ REDIS_URL: ' ' })).toBeUndefined();
  });

  it.each([
    'redis://127.0.0.1:6379',
    'rediss://:s%40cret@redis.example:6380/2',
    'redis://app:pw@[::1]:6379/',
  ])('takes %s as written', (url) => {
    expect(redis({ REDIS_URL: url })).toEqual({ kind: 'server', url });
  });

  it.each([
    [
      'http://redis.example',
      /^Invalid configuration: REDIS_URL must start with redis:\/\/.*got "http:\/\/"/,
    ],
    ['redis.example:6379', /REDIS_URL must start with redis:\/\/.*it has no scheme/],
    ['redis://redis.example/cache', /REDIS_URL must end with its host, or \/<database number>/],
    ['redis:///0', /REDIS_URL must name a host/],
  ])('refuses %s, naming the variable', (url, message) => {
    expect(refusal({ REDIS_URL: url })).toMatch(message);
  });

  it('never repeats a password in its message', () => {
    expect(refusal({ REDIS_URL: 'tcp://user:hunter2@redis.example' })).not.toContain('hunter2');
    expect(refusal({ REDIS_URL: 'user:hunter2@redis.example' })).not.toContain('hunter2');
  });
});

describe('REDIS_URL: a Sentinel set', () => {
  it('reads the sentinels, the master name, the database and both sets of credentials', () => {
    expect(
      redis({
        REDIS_URL:
          'redis-sentinel://app:data%3Apw@s1.example,s2.example:26380,[fd00::1]:26381/my%20master/3?sentinelUsername=watch&sentinelPassword=sent%26pw',
      }),
    ).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1.example', port: 26379 },
        { host: 's2.example', port: 26380 },
        { host: 'fd00::1', port: 26381 },
      ],
      masterName: 'my master',
      db: 3,
      tls: false,
      data: { username: 'app', password: 'data:pw' },
      sentinel: { username: 'watch', password: 'sent&pw' },
    });
  });

  it('defaults to database 0, no credentials, and TLS with rediss-sentinel://', () => {
    expect(redis({ REDIS_URL: 'redis-sentinel://127.0.0.1:26379/mymaster' })).toMatchObject({
      db: 0,
      tls: false,
      data: {},
      sentinel: {},
    });
    expect(redis({ REDIS_URL: 'rediss-sentinel://:pw@s1/mymaster' })).toMatchObject({
      tls: true,
      data: { password: 'pw' },
    });
  });

  it.each([
    ['redis-sentinel://s1:26379', /no master name after the hosts/],
    ['redis-sentinel:///mymaster', /no sentinel host/],
    ['redis-sentinel://s1/mymaster/two', /the database must be a number \(got "two"\)/],
    ['redis-sentinel://s1/mymaster/0/extra', /unexpected text after the master name and database/],
    ['redis-sentinel://s1:99999/mymaster', /must list host or host:port entries.*got "s1:99999"/],
    ['redis-sentinel://s1,/mymaster', /must list host or host:port entries.*got ""/],
    ['redis-sentinel://s1/mymaster?password=x', /unknown parameter "password"/],
    ['redis-sentinel://hunter2@s1/mymaster', /credentials before @ are \[username\]:password/],
    ['redis-sentinel://:%zz@s1/mymaster', /malformed %-escape/],
  ])('refuses %s, naming the variable and the grammar', (url, message) => {
    const text = refusal({ REDIS_URL: url });
    expect(text).toMatch(/^Invalid configuration: REDIS_URL /);
    expect(text).toMatch(message);
    expect(text).not.toContain('hunter2');
  });

  it('cannot be combined with REDIS_CLUSTER_NODES', () => {
    expect(refusal({ REDIS_URL: 'redis-sentinel://s1/m', REDIS_CLUSTER_NODES: 'n1:7000' })).toMatch(
      /^Invalid configuration: REDIS_CLUSTER_NODES cannot be combined with a Sentinel/,
    );
  });
});

describe('REDIS_CLUSTER_NODES: a Cluster', () => {
  it('starts from the listed nodes, port 6379 by default, with no credentials of its own', () => {
    expect(redis({ REDIS_CLUSTER_NODES: 'n1.example:7000, n2.example ,[::1]:7002' })).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'n1.example', port: 7000 },
        { host: 'n2.example', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      tls: false,
      credentials: {},
    });
  });

  it("takes REDIS_URL's credentials and TLS for every node, and its host as one more node", () => {
    expect(
      redis({
        REDIS_CLUSTER_NODES: 'n1:7000,n2:7001',
        REDIS_URL: 'rediss://app:p%40ss@n3:7002',
      }),
    ).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'n1', port: 7000 },
        { host: 'n2', port: 7001 },
        { host: 'n3', port: 7002 },
      ],
      tls: true,
      credentials: { username: 'app', password: 'p@ss' },
    });
    expect(
      redis({ REDIS_CLUSTER_NODES: 'n1:7000', REDIS_URL: 'redis://:pw@n1:7000/0' }),
    ).toMatchObject({ nodes: [{ host: 'n1', port: 7000 }], credentials: { password: 'pw' } });
  });

  it.each([
    [{ REDIS_CLUSTER_NODES: 'n1:7000;n2:7001' }, /REDIS_CLUSTER_NODES must list host or host:port/],
    [{ REDIS_CLUSTER_NODES: 'redis://n1:7000' }, /REDIS_CLUSTER_NODES must list host or host:port/],
    [
      { REDIS_CLUSTER_NODES: 'n1:7000', REDIS_URL: 'redis://n1:7000/1' },
      /REDIS_URL must name no database with REDIS_CLUSTER_NODES.*\(got 1\)/,
    ],
  ])('refuses %p, naming the variable', (env, message) => {
    expect(refusal(env)).toMatch(message);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('is content-api: by default', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('content-api:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix).toBe('staging:');
  });

  it('refuses braces, which would put every counter in one Cluster slot', () => {
    expect(refusal({ REDIS_KEY_PREFIX: '{content-api}:' })).toMatch(
      /^Invalid configuration: REDIS_KEY_PREFIX must not contain { or }/,
    );
  });
});
