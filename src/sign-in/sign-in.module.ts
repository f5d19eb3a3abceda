import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { BrowserSessionMiddleware } from './browser-session.middleware.js';
import { CsrfProtection } from './csrf-protection.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInService } from './sign-in.service.js';
import { SignedInUsers } from './signed-in-users.service.js';

/**
 * People signing in with a browser: the session (in PostgreSQL), signing in
 * and out, the slow-down, CSRF defence and "who is signed in". The console
 * uses it, and so can any other page that needs a signed-in person: apply
 * BrowserSessionMiddleware to its paths and ask SignedInUsers.
 */
@Module({
  imports: [UsersModule],
  providers: [
    BrowserSessionMiddleware,
    CsrfProtection,
    SignInThrottle,
    SignInService,
    SignedInUsers,
  ],
  exports: [BrowserSessionMiddleware, CsrfProtection, SignInService, SignedInUsers],
})
export class SignInModule {}
