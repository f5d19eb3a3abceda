import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsService } from './accounts.service.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyListings } from './api-key-listings.js';
import { ApiKeysService } from './api-keys.service.js';
import { Authenticator } from './authenticator.service.js';
import { Account } from './entities/account.entity.js';
import { ApiKey } from './entities/api-key.entity.js';
import { KeyUsageRecorder } from './key-usage.recorder.js';

@Module({
  imports: [TypeOrmModule.forFeature([Account, ApiKey])],
  providers: [
    Authenticator,
    KeyUsageRecorder,
    AccountsService,
    ApiKeysService,
    ApiKeyListings,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
  exports: [Authenticator, AccountsService, ApiKeysService, ApiKeyListings],
})
export class AuthModule {}
