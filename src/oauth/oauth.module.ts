import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { AuthorizationServer } from './authorization-server.js';
import { ConnectionsService } from './connections.service.js';
import { OAuthMetadataController } from './oauth-metadata.controller.js';

/**
 * Assistants connecting by URL: the authorization server for /mcp
 * (AuthorizationServer, mounted under /oauth by createApp), its metadata,
 * and the connections people allow. The consent page is the console's
 * (src/console/authorize/); the access tokens are checked where keys are
 * (src/auth/, ConnectionTokens).
 */
@Module({
  imports: [RateLimitModule],
  controllers: [OAuthMetadataController],
  providers: [AuthorizationServer, ConnectionsService],
  exports: [AuthorizationServer, ConnectionsService],
})
export class OAuthModule {}
