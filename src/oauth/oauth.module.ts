import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/index.js';
import { UsersModule } from '../users/index.js';
import { AuthorizationServer } from './authorization-server.js';
import { ConnectionsService } from './connections.service.js';
import { OAuthMetadataController } from './oauth-metadata.controller.js';
import { OAuthTokensModule } from './oauth-tokens.module.js';

/**
 * Assistants connecting by URL: the authorization server for /mcp
 * (AuthorizationServer, mounted under /oauth by createApp), its metadata,
 * and the connections people allow. The consent page is the console's
 * (src/console/authorize/); the access tokens are checked where keys are
 * (src/auth/), through OAuthTokensModule.
 */
@Module({
  imports: [RateLimitModule, UsersModule, OAuthTokensModule],
  controllers: [OAuthMetadataController],
  providers: [AuthorizationServer, ConnectionsService],
  exports: [AuthorizationServer, ConnectionsService],
})
export class OAuthModule {}
