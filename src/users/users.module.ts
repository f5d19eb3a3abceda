import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Account } from '../auth/entities/account.entity.js';
import { User } from './entities/user.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersService } from './users.service.js';

/** People: users of accounts, their passwords and set-password links. */
@Module({
  imports: [TypeOrmModule.forFeature([User, Account])],
  providers: [UsersService, PasswordHasher],
  exports: [UsersService],
})
export class UsersModule {}
