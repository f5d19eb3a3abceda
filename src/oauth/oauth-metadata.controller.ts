import { Controller, Get, Header, Headers, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../common/request/route-access.decorator.js';
import { addressedBase } from '../common/net/loopback-names.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { OAUTH_PATH, OAUTH_ROUTES, mcpUrlOf } from '../common/request/oauth-paths.js';
import { SkipRateLimit } from '../common/request/skip-rate-limit.decorator.js';
import { OAUTH_SCOPES } from '../common/request/scopes.js';

/**
 * What an assistant given only {mcp_url} discovers: the Protected Resource
 * Metadata of /mcp (RFC 9728) and the Authorization Server Metadata
 * (RFC 8414, also at the OpenID address some clients try). Written here
 * rather than the library's discovery document, so that it says exactly
 * what this server does and no more. Readable from any web page, and not
 * counted against the client address's limit: assistants read these
 * documents at every step of connecting.
 */
@ApiExcludeController()
@Public()
@SkipRateLimit()
@Controller('.well-known')
export class OAuthMetadataController {
  private readonly protectedResource: Record<string, unknown>;
  private readonly authorizationServer: Record<string, unknown>;

  private readonly publicBaseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const base = config.publicBaseUrl;
    this.publicBaseUrl = base;
    this.protectedResource = {
      resource: mcpUrlOf(base),
      authorization_servers: [base],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
    };
    const endpoint = (route: string) => `${base}${OAUTH_PATH}${route}`;
    this.authorizationServer = {
      issuer: base,
      authorization_endpoint: endpoint(OAUTH_ROUTES.authorization),
      token_endpoint: endpoint(OAUTH_ROUTES.token),
      registration_endpoint: endpoint(OAUTH_ROUTES.registration),
      revocation_endpoint: endpoint(OAUTH_ROUTES.revocation),
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  }

  /**
   * At another loopback name of a loopback public address (127.0.0.1 while
   * it is localhost), the resource is that name's /mcp: a client checks
   * that it is the address it was given (RFC 9728 §3.3), and the
   * authorization server takes it as the same resource. Its authorization
   * server stays the public one.
   */
  @Get(['oauth-protected-resource', 'oauth-protected-resource/mcp'])
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'public, max-age=300')
  resourceMetadata(@Headers('host') host: string | undefined): Record<string, unknown> {
    return {
      ...this.protectedResource,
      resource: mcpUrlOf(addressedBase(this.publicBaseUrl, host)),
    };
  }

  @Get(['oauth-authorization-server', 'openid-configuration'])
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'public, max-age=300')
  serverMetadata(): Record<string, unknown> {
    return this.authorizationServer;
  }
}
