import Provider, { errors, type Configuration, type JWK } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { UserDirectory } from '../users/index.js';
import { allowingPerson } from './allowing-person.js';
import { GrantStore } from './grant-store.js';
import { LoopbackClientStore } from './loopback-client-store.js';
import { matchesLoopbackRedirect } from './loopback-redirects.js';
import { METADATA_MAX_BYTES, metadataDocumentFetch } from './metadata-document-fetch.js';
import { OAuthRecordStore } from './oauth-record-store.js';
import { CONSENT_PATH, OAUTH_ROUTES, isMcpUrl, mcpUrlOf } from '../common/request/oauth-paths.js';
import { OAUTH_SCOPES } from '../common/request/scopes.js';
import { isRegistrableRedirect, REGISTRABLE_REDIRECTS_RULE } from './registrable-redirects.js';
import { renderOAuthError } from './oauth-error.page.js';

const HOUR = 3_600;
const DAY = 24 * HOUR;

export interface OAuthProviderSettings {
  publicBaseUrl: string;
  allowInsecureMetadataUrls: boolean;
  /** The secret signing the authorization server's cookies (app_secrets). */
  cookieKey: string;
  /** The key it would sign tokens with; it issues only opaque ones (app_secrets). */
  signingKey: JWK;
}

/**
 * The authorization server for the hosted agent server: oidc-provider,
 * configured to be exactly the OAuth 2.1 server of the MCP authorization
 * specification and nothing more — the authorization code flow with PKCE
 * (S256 only), refresh tokens rotated on every use (a used one presented
 * again revokes the whole grant), opaque access tokens for one resource
 * ({mcp_url}), client metadata documents and dynamic registration,
 * revocation, `iss` in every authorization response. No ID tokens, no
 * userinfo, no sessions outliving the sign-in. Who the user is and what they
 * allow is the console's consent page (interactions.url).
 */
export function createOAuthProvider(
  dataSource: DataSource,
  people: Pick<UserDirectory, 'isActive'>,
  settings: OAuthProviderSettings,
): Provider {
  const mcpUrl = mcpUrlOf(settings.publicBaseUrl);
  const secure = settings.publicBaseUrl.startsWith('https:');
  const fetchDocument = metadataDocumentFetch({
    allowLoopback: settings.allowInsecureMetadataUrls,
  });
  const configuration: Configuration = {
    adapter: (model: string) => {
      if (model === 'Grant') return new GrantStore(dataSource);
      if (model === 'Client' && settings.allowInsecureMetadataUrls) {
        return new LoopbackClientStore(dataSource, fetchDocument);
      }
      return new OAuthRecordStore(dataSource, model);
    },
    clients: [],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // The one signing key is an EC key (no ID token is ever issued; the library checks it).
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    // Listed only to be checked: every client, registered or described by its document.
    extraClientMetadata: {
      properties: ['redirect_uris'],
      validator: (_ctx, key, value) => {
        if (
          key === 'redirect_uris' &&
          Array.isArray(value) &&
          !value.every(isRegistrableRedirect)
        ) {
          throw new errors.InvalidClientMetadata(REGISTRABLE_REDIRECTS_RULE);
        }
      },
    },
    cookies: {
      keys: [settings.cookieKey],
      long: { sameSite: 'lax', secure },
      short: { sameSite: 'lax', secure },
    },
    jwks: { keys: [settings.signingKey] },
    scopes: [...OAUTH_SCOPES],
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      registration: { enabled: true },
      revocation: {
        enabled: true,
        // RFC 7009 §2.1: a client revokes only its own tokens. Refused aloud, not with the
        // library's silent 200 for public clients: the token presented is known to the caller.
        allowedPolicy: (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          throw new errors.UnauthorizedClient(
            'This token was not issued to this client: it was not revoked.',
          );
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        cacheDuration: { min: 30, max: DAY },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!isMcpUrl(settings.publicBaseUrl, resource)) {
            throw new errors.InvalidTarget(`This server issues tokens for ${mcpUrl} only.`);
          }
          return {
            scope: OAUTH_SCOPES.join(' '),
            audience: mcpUrl,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    fetch: fetchDocument,
    fetchResponseBodyLimits: { 'client_id metadata document': METADATA_MAX_BYTES },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      RefreshToken: 30 * DAY,
      Interaction: HOUR,
      Session: HOUR,
      Grant: 365 * DAY,
    },
    rotateRefreshToken: true,
    // Revoking any token of a connection takes every token of its grant with it (RFC 7009 lets
    // an access token's revocation reach its refresh token), so it ends the connection too
    // (GrantStore): the console never lists as connected what can no longer act.
    revokeGrantPolicy: () => true,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // A connection lasts until it is disconnected, not as long as the sign-in that made it.
    expiresWithSession: () => false,
    // Every authorization asks the person again: each Allow is a connection of its own, so
    // only the grant just made on the consent page counts, never one remembered from before.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId === undefined ? undefined : ctx.oidc.provider.Grant.find(grantId);
    },
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
    findAccount: allowingPerson(people),
    routes: OAUTH_ROUTES,
    renderError: renderOAuthError,
  };
  const provider = new Provider(settings.publicBaseUrl, configuration);
  // Behind a TLS-terminating load balancer requests arrive as http with X-Forwarded-Proto.
  provider.proxy = secure;
  allowAnyLoopbackPort(provider);
  return provider;
}

/** RFC 8252 for every client, not only those registered as native applications. */
function allowAnyLoopbackPort(provider: Provider): void {
  const prototype = provider.Client.prototype;
  const exact = Object.getOwnPropertyDescriptor(prototype, 'redirectUriAllowed')?.value as (
    this: InstanceType<Provider['Client']>,
    value: string,
  ) => boolean;
  prototype.redirectUriAllowed = function (this: InstanceType<Provider['Client']>, value: string) {
    return exact.call(this, value) || matchesLoopbackRedirect(value, this.redirectUris ?? []);
  };
}
