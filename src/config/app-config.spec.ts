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
