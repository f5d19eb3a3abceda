import { Global, Module } from '@nestjs/common';
import { AccessTokenVerifier, AuthModule } from '../auth/index.js';
import { UsersModule } from '../users/index.js';
import { AccessTokensService } from './access-tokens.service.js';
import { ConnectionUsageRecorder } from './connection-usage.recorder.js';
import { ConnectionsEndWithPerson } from './connections-end-with-person.js';

/**
 * What the lower modules need of assistants' connections, without importing
 * OAuth: the access tokens, as auth's AccessTokenVerifier (global, so the
 * Authenticator finds it by that abstract class), and the end of a person's
 * connections when users disables them (UserDeactivation). Loaded by the
 * server and by the command-line tool (`users disable`).
 */
@Global()
@Module({
  imports: [AuthModule, UsersModule],
  providers: [
    ConnectionUsageRecorder,
    AccessTokensService,
    { provide: AccessTokenVerifier, useExisting: AccessTokensService },
    ConnectionsEndWithPerson,
  ],
  exports: [AccessTokenVerifier],
})
export class OAuthTokensModule {}
