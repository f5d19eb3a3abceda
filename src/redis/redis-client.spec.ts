import { clientRecipe } from './redis-client.js';

describe('clientRecipe', () => {
  it('fails fast on one server: no offline queue, no retries, a command timeout', () => {
    expect(clientRecipe({ kind: 'server', url: 'redis://127.0.0.1:1/4' }, 'p:')).toMatchObject({
      kind: 'redis',
      url: 'redis://127.0.0.1:1/4',
      options: {
        keyPrefix: 'p:',
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: expect.any(Number),
      },
    });
  });

  it("gives a Sentinel set's data nodes and sentinels their own credentials, and TLS to both", () => {
    const recipe = clientRecipe(
      {
        kind: 'sentinel',
        sentinels: [{ host: '127.0.0.1', port: 1 }],
        masterName: 'mymaster',
        db: 2,
        tls: true,
        data: { username: 'app', password: 'data-pw' },
        sentinel: { password: 'sentinel-pw' },
      },
      'p:',
    );
    expect(recipe).toMatchObject({
      kind: 'redis',
      options: {
        sentinels: [{ host: '127.0.0.1', port: 1 }],
        name: 'mymaster',
        db: 2,
        username: 'app',
        password: 'data-pw',
        sentinelPassword: 'sentinel-pw',
        tls: {},
        enableTLSForSentinelMode: true,
        sentinelTLS: {},
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      },
    });
    expect(recipe.options).not.toHaveProperty('url');
    expect((recipe.options as { sentinelUsername?: string }).sentinelUsername).toBeUndefined();
  });

  it('gives every Cluster node the credentials and TLS, and the cluster no offline queue', () => {
    expect(
      clientRecipe(
        {
          kind: 'cluster',
          nodes: [{ host: '127.0.0.1', port: 1 }],
          tls: true,
          credentials: { password: 'pw' },
        },
        'p:',
      ),
    ).toMatchObject({
      kind: 'cluster',
      nodes: [{ host: '127.0.0.1', port: 1 }],
      options: {
        keyPrefix: 'p:',
        enableOfflineQueue: false,
        redisOptions: {
          password: 'pw',
          tls: {},
          maxRetriesPerRequest: 0,
          commandTimeout: expect.any(Number),
        },
      },
    });
  });
});
