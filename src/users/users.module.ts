import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/index.js';
import { PasswordLink } from './entities/password-link.entity.js';
import { User } from './entities/user.entity.js';
import { Invitations } from './invitations.js';
import { OwnAccount } from './own-account.js';
import { PasswordHasher } from './password-hasher.js';
import { UserDeactivation } from './user-deactivation.js';
import { UserDirectory } from './user-directory.js';
import { SessionEpochs } from './session-epochs.js';
import { UsersService } from './users.service.js';

/**
 * People: users of accounts, their passwords and set-password links. Other
 * modules reach the `users` table through UsersService and UserDirectory.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User, PasswordLink]), AuthModule],
  providers: [
    UsersService,
    PasswordHasher,
    UserDeactivation,
    UserDirectory,
    OwnAccount,
    Invitations,
    SessionEpochs,
  ],
  exports: [UsersService, UserDeactivation, UserDirectory, OwnAccount, Invitations, SessionEpochs],
})
export class UsersModule {}
