import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { safeReturnTo } from './return-to.js';

const PUBLIC_BASE_URL = 'http://localhost:3000';
const ORIGIN = new URL(PUBLIC_BASE_URL).origin;
/** The page whose 303 carries the path: a browser resolves its Location against this address. */
const SIGN_IN_PAGE = `${PUBLIC_BASE_URL}/console/sign-in?return_to=x`;

function returnTo(value: unknown): string {
  return safeReturnTo(value, PUBLIC_BASE_URL, '/console');
}

describe('safeReturnTo', () => {
  it.each([
    ['/console/articles/12', '/console/articles/12'],
    ['/console/activity?channel=api&before=x', '/console/activity?channel=api&before=x'],
    [
      '/oauth/authorize?client_id=https%3A%2F%2Fa.example&state=s',
      '/oauth/authorize?client_id=https%3A%2F%2Fa.example&state=s',
    ],
    ['/console/../console/connection', '/console/connection'],
    ['/console/%2e%2e/console/people', '/console/people'],
    [`${PUBLIC_BASE_URL}/console/connection`, '/console/connection'],
    ['/console/connection#assistants', '/console/connection'],
    ['console/people', '/console/people'],
  ])('keeps a path on this server, normalised: %s', (value, kept) => {
    expect(returnTo(value)).toBe(kept);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3001/console',
    'https://localhost:3000/console',
    '/console\n/x',
    '/console\t',
    '',
    42,
    undefined,
    ['/console'],
  ])('falls back for anything else: %j', (value) => {
    expect(returnTo(value)).toBe('/console');
  });

  it('falls back for a path too long to carry, as given or once percent-encoded', () => {
    expect(returnTo(`/${'a'.repeat(3000)}`)).toBe('/console');
    expect(returnTo(`/${'é'.repeat(1500)}`)).toBe('/console');
  });

  // Each becomes `//evil.example` once its dot segments are removed: a browser reads that as another host.
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/console/..//evil.example',
    '/x/%2e%2e//evil.example',
    '/console/../..//evil.example',
    '/./\\evil.example',
    '/console/..\\/evil.example',
  ])('falls back for a path that normalises to another host: %s', (value) => {
    expect(returnTo(value)).toBe('/console');
  });

  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '.%2e',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%0a',
    '%',
    '?',
    '#',
    ':',
    '@',
    'evil.example',
    'console',
    'http:',
    'https:',
    'javascript:',
    'data:',
    'localhost:3000',
    '\t',
    '\n',
    '\r',
    '\u0000',
    '\u007f',
    '\u0085',
    ' ',
    '\u3002',
    'é',
  );
  const generated = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
    fc
      .tuple(fc.constantFrom('/', '//', '\\', '', `${ORIGIN}/`), fc.array(piece, { maxLength: 10 }))
      .map(([start, pieces]) => start + pieces.join('')),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  it('gives, for any input, a path that a browser resolves to this service’s origin', () => {
    fc.assert(
      fc.property(generated, (value) => {
        const path = returnTo(value);
        expect(new URL(path, SIGN_IN_PAGE).origin).toBe(ORIGIN);
        expect(path.startsWith('/')).toBe(true);
        // It goes into a Location header: nothing there may make Node refuse to send it.
        expect(() => validateHeaderValue('Location', path)).not.toThrow();
      }),
      { numRuns: 5_000 },
    );
  });
});
