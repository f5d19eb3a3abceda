import { readLocalSettings } from './local-settings.js';

const KEY = `cbr_${'a1B2'.repeat(10)}`;

describe('readLocalSettings', () => {
  it('reads the key and the base address, without a trailing slash', () => {
    expect(
      readLocalSettings({
        SERVICE_API_KEY: ` ${KEY} `,
        SERVICE_API_URL: 'https://api.example.com/',
      }),
    ).toEqual({ apiKey: KEY, baseUrl: 'https://api.example.com', readOnly: false });
    expect(
      readLocalSettings({ SERVICE_API_KEY: KEY, SERVICE_API_URL: 'http://host:8080/content/' })
        .baseUrl,
    ).toBe('http://host:8080/content');
  });

  it.each([
    [{ SERVICE_API_URL: 'http://localhost:3000' }, /SERVICE_API_KEY is not set/],
    [
      { SERVICE_API_KEY: 'secret', SERVICE_API_URL: 'http://localhost:3000' },
      /not a content-api key/,
    ],
    [{ SERVICE_API_KEY: KEY }, /SERVICE_API_URL is not set/],
    [{ SERVICE_API_KEY: KEY, SERVICE_API_URL: 'localhost:3000' }, /absolute http or https/],
    [{ SERVICE_API_KEY: KEY, SERVICE_API_URL: 'ftp://host' }, /absolute http or https/],
    [
      { SERVICE_API_KEY: KEY, SERVICE_API_URL: 'http://localhost:3000/api/v1/' },
      /without \/api\/v1.*use "http:\/\/localhost:3000"/,
    ],
    [
      { SERVICE_API_KEY: KEY, SERVICE_API_URL: 'http://localhost:3000', SERVICE_READ_ONLY: 'yes' },
      /SERVICE_READ_ONLY must be true or false/,
    ],
  ])('refuses %j with a message naming the setting', (env, message) => {
    expect(() => readLocalSettings(env)).toThrow(message);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['', false],
  ])('reads SERVICE_READ_ONLY=%j as %s', (value, readOnly) => {
    expect(
      readLocalSettings({
        SERVICE_API_KEY: KEY,
        SERVICE_API_URL: 'http://localhost:3000',
        SERVICE_READ_ONLY: value,
      }).readOnly,
    ).toBe(readOnly);
  });
});
