import fc from 'fast-check';
import { seedAccount, seedArticle, seedSite, type SeededAccount } from '../support/fixtures.js';
import { listen } from '../support/mcp-client.js';
import { parseAnswer, rawExchange } from '../support/raw-http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Random requests at the protocol's edges — paths with every kind of
 * percent-encoding, any method, headers and query strings around Node's
 * limit, bodies in odd charsets, clients that half-close — sent as raw bytes
 * to a handful of routes. Whatever is sent, an answer with a status arrives,
 * never a 5xx, and every error has a JSON body: the API's envelope, or on
 * /mcp either that or a JSON-RPC error (the agent protocol's own refusals).
 */
const ROUTES = [
  '/api/v1/sites',
  '/api/v1/sites/{site}/articles',
  '/api/v1/sites/{site}/backlinks',
  '/api/v1/sites/{site}/stats',
  '/api/v1/articles/{article}',
  '/api/v1/articles/{article}/featured-image',
  '/api/v1/openapi.json',
  '/mcp',
];

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'SEARCH',
  'PURGE',
  'FOO',
];

/** Percent-encodings that are valid, invalid, overlong, NUL, an encoded slash… */
const percentNoise = fc.oneof(
  fc.constantFrom('%', '%z', '%zz', '%ff', '%c0%ae', '%e2%82', '%ed%a0%80', '%00', '%2f', '%25'),
  fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
  fc.string({ unit: 'grapheme', maxLength: 4 }).map(encodeURIComponent),
  fc.constantFrom(';', '..', '//', '~', '!', "'"),
);

interface Shape {
  route: string;
  noise: string[];
  at: number[];
  method: string;
  credential: 'none' | 'valid' | 'unknown';
  headerBytes: number;
  queryBytes: number;
  body: 'none' | 'json' | 'latin1' | 'not-json';
  halfClose: boolean;
}

const shape: fc.Arbitrary<Shape> = fc.record({
  route: fc.constantFrom(...ROUTES),
  noise: fc.oneof(
    { arbitrary: fc.constant<string[]>([]), weight: 2 },
    { arbitrary: fc.array(percentNoise, { minLength: 1, maxLength: 3 }), weight: 3 },
  ),
  at: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  method: fc.constantFrom(...METHODS),
  credential: fc.constantFrom('none' as const, 'valid' as const, 'unknown' as const),
  headerBytes: fc.oneof(
    { arbitrary: fc.constant(0), weight: 6 },
    { arbitrary: fc.integer({ min: 0, max: 40_000 }), weight: 1 },
    { arbitrary: fc.integer({ min: 15_000, max: 17_000 }), weight: 1 },
  ),
  queryBytes: fc.oneof(
    { arbitrary: fc.constant(0), weight: 6 },
    { arbitrary: fc.integer({ min: 0, max: 20_000 }), weight: 1 },
  ),
  body: fc.constantFrom('none' as const, 'json' as const, 'latin1' as const, 'not-json' as const),
  halfClose: fc.boolean(),
});

const BODIES = {
  json: ['application/json', '{"body":"<p>fuzzed</p>","url":"https://cdn.example/a.png"}'],
  latin1: ['application/json; charset=latin1', '{"body":"<p>caf\\u00e9</p>"}'],
  'not-json': ['application/json', '{"body": '],
} as const;

function isEnvelope(body: unknown): boolean {
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  return typeof error === 'string' && typeof message === 'string';
}

function isJsonRpcError(body: unknown): boolean {
  const { jsonrpc, error } = (body ?? {}) as { jsonrpc?: unknown; error?: { message?: unknown } };
  return jsonrpc === '2.0' && typeof error?.message === 'string';
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('Protocol fuzz: every request is answered, never with a 5xx, every error in JSON', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SeededAccount;
  let ids: { site: string; article: string };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', EDIT_LIMIT_PER_DAY: '1000000' });
    owner = await seedAccount(t.db);
    const siteId = await seedSite(t.db, owner.accountId);
    ids = { site: String(siteId), article: String(await seedArticle(t.db, siteId)) };
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  function requestOf(s: Shape): string {
    let path = s.route.replace('{site}', ids.site).replace('{article}', ids.article);
    s.noise.forEach((noise, i) => {
      const cut = 1 + (s.at[i] % path.length);
      path = path.slice(0, cut) + noise + path.slice(cut);
    });
    const query = s.queryBytes > 0 ? `?q=${'q'.repeat(s.queryBytes)}` : '';
    const headers = [
      'Host: api.test',
      'Connection: close',
      'Accept: application/json, text/event-stream',
    ];
    if (s.credential === 'valid') headers.push(`Authorization: Bearer ${owner.key}`);
    if (s.credential === 'unknown') headers.push(`Authorization: Bearer cbr_${'u'.repeat(40)}`);
    if (s.headerBytes > 0) headers.push(`X-Fuzz: ${'h'.repeat(s.headerBytes)}`);
    let body = '';
    if (s.body !== 'none') {
      const [type, content] = BODIES[s.body];
      body = content;
      headers.push(`Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`);
    }
    return `${s.method} ${path}${query} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`;
  }

  it('holds for random paths, methods, sizes, bodies and ways of sending', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const sent = requestOf(s);
        const answer = parseAnswer(await rawExchange(baseUrl, sent, { halfClose: s.halfClose }));
        const summary = `${s.method} ${sent.split(' ')[1].slice(0, 120)} → ${answer.status}`;
        expect([summary, answer.status >= 100 && answer.status < 500]).toEqual([summary, true]);
        if (answer.status < 400 || s.method === 'HEAD') return;
        const body = jsonOf(answer.body);
        const agentProtocol = sent.split(' ')[1].startsWith('/mcp') && isJsonRpcError(body);
        expect([summary, isEnvelope(body) || agentProtocol]).toEqual([summary, true]);
      }),
      { numRuns: 500 },
    );
  }, 300_000);
});
