// Gets an access token for {base}/mcp the way an assistant does, without a
// browser: discovery from the 401, dynamic registration, PKCE, then the
// person's part by form posts (sign in, Allow), and the code exchanged at the
// token endpoint. Prints the access token.
//   node .ci/lib/oauth-token.mjs BASE_URL EMAIL PASSWORD
import { createHash, randomBytes } from 'node:crypto';
import { URLSearchParams } from 'node:url';

const [base, email, password] = process.argv.slice(2);
const mcpUrl = `${base}/mcp`;
const redirectUri = 'http://127.0.0.1:47123/callback';
const cookies = new Map();

function fail(message) {
  console.error(`oauth-token: ${message}`);
  process.exit(1);
}

async function browse(url, init = {}) {
  const headers = { ...init.headers };
  if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

async function follow(res) {
  while (res.status >= 300 && res.status < 400) {
    const next = new URL(res.headers.get('location'), base);
    if (next.origin !== new URL(base).origin && next.origin !== origin) return next;
    res = await browse(next);
  }
  return res;
}

const csrfOf = (html) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? fail('no CSRF token');
// The console checks a form's Origin against its public address, which may name the host differently.
let origin = base;
const postForm = (url, fields) =>
  browse(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const challenge = await fetch(mcpUrl, { method: 'POST', body: '{}' });
const resourceMetadataUrl = /resource_metadata="([^"]+)"/.exec(
  challenge.headers.get('www-authenticate') ?? '',
)?.[1];
if (challenge.status !== 401 || !resourceMetadataUrl) fail('no resource_metadata in the 401');
const resource = await (await fetch(resourceMetadataUrl)).json();
origin = new URL(resource.resource).origin;
const server = await (
  await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)
).json();

const registered = await (
  await fetch(server.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'MCP Inspector (CI)',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  })
).json();
if (!registered.client_id) fail(`registration refused: ${JSON.stringify(registered)}`);

const verifier = randomBytes(32).toString('base64url');
const authorization = new URL(server.authorization_endpoint);
authorization.search = new URLSearchParams({
  response_type: 'code',
  client_id: registered.client_id,
  redirect_uri: redirectUri,
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
  scope: resource.scopes_supported.join(' '),
  resource: resource.resource,
  state: randomBytes(8).toString('hex'),
}).toString();

// The console answers at its public address: at another loopback name it
// sends the browser there first, and forms must come from that origin.
let signInUrl = new URL('/console/sign-in', origin);
let signIn = await browse(signInUrl);
if (signIn.status === 303) {
  signInUrl = new URL(signIn.headers.get('location'), signInUrl);
  origin = signInUrl.origin;
  signIn = await browse(signInUrl);
}
const signInPage = await signIn.text();
const signedIn = await postForm(signInUrl, { _csrf: csrfOf(signInPage), email, password });
if (signedIn.status !== 303) fail(`sign-in refused (${signedIn.status})`);
const consent = await follow(await browse(authorization));
if (consent instanceof URL) fail(`sent back without consent: ${consent}`);
const consentPage = await consent.text();
const allow = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(consentPage)?.[1];
if (!allow) fail('no Allow button on the consent page');
const back = await follow(await postForm(allow, { _csrf: csrfOf(consentPage) }));
const code = back instanceof URL ? back.searchParams.get('code') : null;
if (!code) fail('no code came back');

const tokens = await (
  await fetch(server.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: registered.client_id,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource: resource.resource,
    }).toString(),
  })
).json();
if (!tokens.access_token) fail(`token refused: ${JSON.stringify(tokens)}`);
process.stdout.write(tokens.access_token);
