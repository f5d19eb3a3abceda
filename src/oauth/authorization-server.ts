import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';
import { DataSource } from 'typeorm';
import { AppSecrets } from '../database/index.js';
import { UserDirectory } from '../users/index.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { addressTracker, RequestRateLimiter } from '../rate-limit/index.js';
import { OAUTH_ROUTES } from '../common/request/oauth-paths.js';
import { recordIdHash } from './record-id-hash.js';

/** Dynamic client registrations a client address may make per minute. */
export const REGISTRATIONS_PER_MINUTE = 20;

/** The library's own endpoints that are served; its discovery, JWKS and the rest are not. */
const SERVED = new RegExp(
  `^(${Object.values(OAUTH_ROUTES)
    .map((route) => route.replace('/', '\\/'))
    .join('|')})(\\/|$)`,
);

/**
 * The authorization server, mounted under /oauth (createApp). Built on first
 * use: its secrets are in the database (made by a migration), which may not
 * be migrated yet when the app is built. Grants the library revokes end
 * their connection (GrantStore).
 */
@Injectable()
export class AuthorizationServer {
  private readonly logger = new Logger(AuthorizationServer.name);
  private built?: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RequestRateLimiter,
    private readonly secrets: AppSecrets,
    private readonly people: UserDirectory,
  ) {}

  async provider(): Promise<Provider> {
    return (await this.build()).provider;
  }

  /**
   * Claims the consent request (interaction) `uid` for one answer: true for
   * the first Allow or Deny, false for any later or concurrent one. The claim
   * is the interaction's record marked consumed, in one statement, so two
   * replicas cannot both win; the library itself never reads that mark.
   */
  async claimAnswer(uid: string): Promise<boolean> {
    const [, claimed] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE oauth_records SET consumed_at = now()
        WHERE model = 'Interaction' AND id_hash = $1 AND consumed_at IS NULL
          AND (expires_at IS NULL OR expires_at > now())`,
      [recordIdHash(uid)],
    );
    return claimed === 1;
  }

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!SERVED.test(req.path)) return next();
    this.admit(req, res)
      .then(async (admitted) => {
        if (!admitted) return;
        const { handle } = await this.build();
        await handle(req, res);
      })
      .catch(next);
  };

  /** Registration requests are limited per client address; every other step is not counted. */
  private async admit(req: Request, res: Response): Promise<boolean> {
    if (req.method !== 'POST' || req.path !== OAUTH_ROUTES.registration) return true;
    const verdict = await this.limiter.count(
      `oauth-registration:${addressTracker(req.ip)}`,
      REGISTRATIONS_PER_MINUTE,
    );
    if (verdict.allowed) return true;
    res
      .status(429)
      .setHeader('Retry-After', String(verdict.resetSeconds))
      .json({
        error: 'too_many_requests',
        error_description: `At most ${REGISTRATIONS_PER_MINUTE} registrations a minute from one address; retry in ${verdict.resetSeconds} s.`,
      });
    return false;
  }

  private build() {
    this.built ??= this.create().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    return this.built;
  }

  private async create() {
    const secrets = await this.secrets.read(['oauth_cookie', 'oauth_signing_key']);
    const secret = (name: string): string => {
      const value = secrets.get(name);
      if (value === undefined)
        throw new Error(`The secret ${name} is missing: run the migrations.`);
      return value;
    };
    // Loaded on first use: the command-line tool loads this module and never serves OAuth.
    const { createOAuthProvider } = await import('./oauth-provider.factory.js');
    const provider = createOAuthProvider(this.dataSource, this.people, {
      publicBaseUrl: this.config.publicBaseUrl,
      allowInsecureMetadataUrls: this.config.oauthAllowInsecureMetadataUrls,
      cookieKey: secret('oauth_cookie'),
      signingKey: JSON.parse(secret('oauth_signing_key')) as JWK,
    });
    provider.on('server_error', (_ctx: unknown, error: Error) => {
      this.logger.error(`Authorization server error: ${error.message}`, error.stack);
    });
    return { provider, handle: provider.callback() };
  }
}
