import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where the assistant under test says it listens for the answer (nothing needs to listen). */
export const REDIRECT_URL = 'http://127.0.0.1:47123/callback';

export function clientMetadata(name: string): OAuthClientMetadata {
  return {
    client_name: name,
    redirect_uris: [REDIRECT_URL],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/**
 * An assistant as the MCP SDK's OAuth client sees it: it keeps its client
 * information, tokens and PKCE verifier in memory, and "opens the browser"
 * by remembering the authorization URL for the test to visit.
 */
export class TestAssistant implements OAuthClientProvider {
  authorizationUrl?: URL;
  private information?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';
  /** The state of the last authorization request, which must come back unchanged. */
  lastState = '';

  constructor(
    readonly clientMetadata: OAuthClientMetadata,
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  state(): string {
    this.lastState = randomBytes(16).toString('hex');
    return this.lastState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  /** Discovery, registration and the authorization URL: the SDK's `auth()` up to the browser. */
  async start(mcpUrl: string): Promise<URL> {
    this.authorizationUrl = undefined;
    const result = await auth(this, { serverUrl: mcpUrl });
    if (result !== 'REDIRECT' || this.authorizationUrl === undefined) {
      throw new Error(`Expected a redirect to sign in, got ${result}`);
    }
    return this.authorizationUrl;
  }

  /** The code the browser came back with, exchanged for tokens by the SDK. */
  async finish(mcpUrl: string, code: string): Promise<OAuthTokens> {
    const result = await auth(this, { serverUrl: mcpUrl, authorizationCode: code });
    if (result !== 'AUTHORIZED' || this.saved === undefined)
      throw new Error(`Not authorized: ${result}`);
    return this.saved;
  }

  /** The SDK asked again with tokens in hand: it refreshes them. */
  async refresh(mcpUrl: string): Promise<OAuthTokens> {
    const before = this.saved?.access_token;
    const result = await auth(this, { serverUrl: mcpUrl });
    if (result !== 'AUTHORIZED' || this.saved?.access_token === before) {
      throw new Error('The tokens were not refreshed');
    }
    return this.saved!;
  }
}

/**
 * A client metadata document host on 127.0.0.1 over https, with a certificate
 * nobody signed (the server under test fetches it only because of
 * OAUTH_ALLOW_INSECURE_METADATA_URLS). Counts the connections it gets.
 */
export class MetadataDocumentHost {
  connections = 0;
  private server?: Server;
  private documents = new Map<string, unknown>();

  async start(): Promise<string> {
    const tls = new URL('./tls/', import.meta.url);
    this.server = createServer(
      {
        key: readFileSync(new URL('loopback-key.pem', tls)),
        cert: readFileSync(new URL('loopback-cert.pem', tls)),
      },
      (req, res) => {
        const document = this.documents.get(req.url ?? '');
        if (document === undefined) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
        res.end(JSON.stringify(document));
      },
    );
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  serve(path: string, document: unknown): void {
    this.documents.set(path, document);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * A browser without a window, for the refusals that need no page: it keeps
 * cookies by name and follows nothing by itself.
 */
export class CookieBrowser {
  private cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async get(url: string | URL): Promise<Response> {
    return this.remember(
      await fetch(new URL(url, this.origin), { redirect: 'manual', headers: this.headers() }),
    );
  }

  async post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.remember(
      await fetch(new URL(url, this.origin), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...this.headers(),
          origin: this.origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  /** Follows redirects on this server; stops at the first that leaves it, and returns its address. */
  async follow(start: Response): Promise<{ response: Response; location?: URL }> {
    let response = start;
    for (let hops = 0; hops < 10; hops++) {
      const target = response.headers.get('location');
      if (target === null || response.status < 300 || response.status >= 400) return { response };
      const next = new URL(target, this.origin);
      if (next.origin !== this.origin) return { response, location: next };
      response = await this.get(next);
    }
    throw new Error('Too many redirects');
  }

  async signIn(email: string, password: string): Promise<void> {
    const page = await (await this.get('/console/sign-in')).text();
    const res = await this.post('/console/sign-in', {
      _csrf: csrfOf(page),
      email,
      password,
    });
    if (res.status !== 303) throw new Error(`Sign-in failed: ${res.status}`);
  }

  /** The cookies as a `Cookie` header, for requests made without this browser. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cookie === '' ? {} : { cookie };
  }

  private remember(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export function csrfOf(page: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (token === undefined) throw new Error('No CSRF token on the page');
  return token;
}

/** A JSON-RPC message to the hosted agent server with an access token, sent as a 2025-06-18 client does. */
export function postToMcp(mcpUrl: string, token: string, message: unknown): Promise<Response> {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify(message),
  });
}
