import { ConfigError, loadConfig } from './app-config.js';

describe('CORS_ORIGINS', () => {
  const origins = (value?: string) =>
    loadConfig(value === undefined ? {} : { CORS_ORIGINS: value }).corsOrigins;

  it('allows no origin by default', () => {
    expect(origins()).toEqual([]);
    expect(origins('  ')).toEqual([]);
  });

  it('takes * or a comma-separated list of origins, as browsers spell them', () => {
    expect(origins('*')).toBe('*');
    expect(
      origins('https://app.example, http://localhost:5173,https://Reports.Example:8443/'),
    ).toEqual(['https://app.example', 'http://localhost:5173', 'https://reports.example:8443']);
  });

  it.each([
    'app.example',
    'https://app.example/path',
    'https://app.example?x=1',
    'https://user@app.example',
    'ftp://app.example',
    'https://app.example,*',
    'https://app.example,',
  ])('stops start-up on %p, naming the variable', (value) => {
    expect(() => origins(value)).toThrow(ConfigError);
    expect(() => origins(value)).toThrow(
      /^Invalid configuration: CORS_ORIGINS must be \* or a comma-separated list of origins/,
    );
  });
});

describe('OAUTH_ALLOW_INSECURE_METADATA_URLS', () => {
  it('is off by default and may be turned on outside production', () => {
    expect(loadConfig({}).oauthAllowInsecureMetadataUrls).toBe(false);
    expect(
      loadConfig({ OAUTH_ALLOW_INSECURE_METADATA_URLS: 'true', NODE_ENV: 'test' })
        .oauthAllowInsecureMetadataUrls,
    ).toBe(true);
  });

  it('stops start-up in production mode', () => {
    expect(() =>
      loadConfig({ OAUTH_ALLOW_INSECURE_METADATA_URLS: 'true', NODE_ENV: 'production' }),
    ).toThrow(/OAUTH_ALLOW_INSECURE_METADATA_URLS must not be true in production/);
  });
});

describe('HEAP_GROWING_PERCENT', () => {
  const base = { DATABASE_URL: 'postgres://localhost/x' };

  it("is 0 (V8's own heap growth) unless set, and takes a percentage up to 1000", () => {
    expect(loadConfig(base).heapGrowingPercent).toBe(0);
    expect(loadConfig({ ...base, HEAP_GROWING_PERCENT: '200' }).heapGrowingPercent).toBe(200);
  });

  it.each(['-1', '1001', 'lots', '2.5'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, HEAP_GROWING_PERCENT: value })).toThrow(
      /HEAP_GROWING_PERCENT/,
    );
  });
});

describe('LEARNING_LOG_RETENTION_DAYS', () => {
  const base = { DATABASE_URL: 'postgres://localhost/x' };

  it('keeps the log 400 days unless set, with nothing deprecated', () => {
    expect(loadConfig(base)).toMatchObject({ learningLogRetentionDays: 400, deprecations: [] });
    expect(
      loadConfig({ ...base, LEARNING_LOG_RETENTION_DAYS: '730' }).learningLogRetentionDays,
    ).toBe(730);
  });

  it('still takes LOG_RETENTION_DAYS, its former name, alone, and says it is deprecated', () => {
    expect(loadConfig({ ...base, LOG_RETENTION_DAYS: '180' })).toMatchObject({
      learningLogRetentionDays: 180,
      deprecations: [
        expect.stringMatching(
          /^LOG_RETENTION_DAYS is deprecated: rename it LEARNING_LOG_RETENTION_DAYS/,
        ),
      ],
    });
  });

  it('refuses both names at once, since which one is meant cannot be known', () => {
    expect(() =>
      loadConfig({ ...base, LOG_RETENTION_DAYS: '180', LEARNING_LOG_RETENTION_DAYS: '400' }),
    ).toThrow(/LOG_RETENTION_DAYS is the former name of LEARNING_LOG_RETENTION_DAYS/);
  });

  it.each(['0', '36501', 'a year'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, LEARNING_LOG_RETENTION_DAYS: value })).toThrow(
      /LEARNING_LOG_RETENTION_DAYS must be a whole number from 1 to 36500/,
    );
    expect(() => loadConfig({ ...base, LOG_RETENTION_DAYS: value })).toThrow(
      /LOG_RETENTION_DAYS must be a whole number from 1 to 36500/,
    );
  });
});

describe('DATABASE_REPLICA_URLS and the replica settings', () => {
  const base = { DATABASE_URL: 'postgres://primary.internal/db' };

  it('has no replica, a 5 s stickiness and a 10 s lag bound by default', () => {
    expect(loadConfig(base).replicas).toEqual({ urls: [], stickySeconds: 5, maxLagSeconds: 10 });
  });

  it('takes postgres URLs separated by commas', () => {
    const { replicas } = loadConfig({
      ...base,
      DATABASE_REPLICA_URLS: 'postgres://a.internal/db, postgresql://u:p@b.internal:6432/db',
      REPLICA_STICKY_SECONDS: '2',
      REPLICA_MAX_LAG_SECONDS: '30',
    });
    expect(replicas).toEqual({
      urls: ['postgres://a.internal/db', 'postgresql://u:p@b.internal:6432/db'],
      stickySeconds: 2,
      maxLagSeconds: 30,
    });
  });

  it.each(['postgres://a.internal/db,', 'postgres://a.internal/db,mysql://b/db', 'replica-1'])(
    'stops start-up on %p, naming the variable and the entry but not its text',
    (value) => {
      const start = () => loadConfig({ ...base, DATABASE_REPLICA_URLS: value });
      expect(start).toThrow(
        /^Invalid configuration: DATABASE_REPLICA_URLS must be a comma-separated list of postgres:\/\/ URLs \(entry \d is not one\)$/,
      );
    },
  );

  it('needs DATABASE_URL: replicas are of a primary', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://a.internal/db' })).toThrow(
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (the primary) to be set as well',
    );
  });

  it.each([
    ['REPLICA_STICKY_SECONDS', '-1'],
    ['REPLICA_STICKY_SECONDS', '3601'],
    ['REPLICA_MAX_LAG_SECONDS', '0'],
    ['REPLICA_MAX_LAG_SECONDS', 'ten'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} must be a whole number`),
    );
  });
});

describe('DATABASE_POOLER and DATABASE_MIGRATION_URL', () => {
  const base = { DATABASE_URL: 'postgres://pgbouncer.internal:6432/db' };

  it('expects PostgreSQL itself unless told of a pooler', () => {
    expect(loadConfig(base).databasePooler).toBe('none');
    expect(loadConfig({ ...base, DATABASE_POOLER: 'PgBouncer' }).databasePooler).toBe('pgbouncer');
  });

  it('refuses an unknown pooler, naming the variable', () => {
    expect(() => loadConfig({ ...base, DATABASE_POOLER: 'pgpool' })).toThrow(
      'Invalid configuration: DATABASE_POOLER must be one of none, pgbouncer',
    );
  });

  it('takes a direct URL for migrations, only beside DATABASE_URL', () => {
    const direct = 'postgres://primary.internal:5432/db';
    expect(loadConfig({ ...base, DATABASE_MIGRATION_URL: direct }).databaseMigrationUrl).toBe(
      direct,
    );
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: direct })).toThrow(
      'Invalid configuration: DATABASE_MIGRATION_URL needs DATABASE_URL (the primary) to be set as well',
    );
    expect(() => loadConfig({ ...base, DATABASE_MIGRATION_URL: 'http://x' })).toThrow(
      /^Invalid configuration: DATABASE_MIGRATION_URL must use postgres: or postgresql:/,
    );
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  const mail = (env: Record<string, string>) => loadConfig(env).mail;

  it('sends no mail by default, from no-reply at the public host', () => {
    expect(mail({})).toEqual({ smtpUrl: undefined, from: 'content-api <no-reply@localhost>' });
    expect(mail({ PUBLIC_BASE_URL: 'https://content.example.com' }).from).toBe(
      'content-api <no-reply@content.example.com>',
    );
  });

  it('takes smtp:// and smtps:// servers and a sender with or without a name', () => {
    expect(mail({ SMTP_URL: 'smtps://u:p@mail.example:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example:465',
    );
    expect(mail({ MAIL_FROM: 'Acme <ops@acme.example>' }).from).toBe('Acme <ops@acme.example>');
    expect(mail({ MAIL_FROM: 'ops@acme.example' }).from).toBe('ops@acme.example');
  });

  it.each([
    [
      { SMTP_URL: 'http://mail.example' },
      /^Invalid configuration: SMTP_URL must use smtp: or smtps:/,
    ],
    [{ SMTP_URL: 'mail server' }, /^Invalid configuration: SMTP_URL must be an absolute URL/],
    [{ MAIL_FROM: 'nobody' }, /^Invalid configuration: MAIL_FROM must be an email address/],
    [{ MAIL_FROM: 'A <b@c> d' }, /^Invalid configuration: MAIL_FROM must be an email address/],
  ])('stops start-up on %p, naming the variable', (env, message) => {
    expect(() => mail(env)).toThrow(message);
  });
});
