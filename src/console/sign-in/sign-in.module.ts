import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/index.js';
import { UsersModule } from '../../users/index.js';
import { BrowserSessionMiddleware } from './session/browser-session.middleware.js';
import { CsrfProtection } from './session/csrf-protection.js';
import { PasswordResetThrottle } from './password-reset-throttle.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInService } from './sign-in.service.js';
import { SignedInUsers } from './session/signed-in-users.service.js';
import { SecondFactorsModule } from './factors/second-factors.module.js';
import { SignInPolicies } from './factors/sign-in-policies.js';
import { KnownBrowsers } from './known-browsers.js';
import { KnownBrowsersUpkeepJobs } from './known-browsers-upkeep.jobs.js';
import { PendingSignIns } from './pending-sign-in.js';
import { RecentSignInGuard } from './recent-sign-in.js';
import { PersonSessions } from './session/person-sessions.js';

/**
 * People signing in with a browser: the session (in PostgreSQL), signing in
 * and out, second factors and passkeys, re-authentication, the slow-down,
 * CSRF defence, "who is signed in" and a person's sessions. The console
 * uses it, and so can any other page that needs a signed-in person: apply
 * BrowserSessionMiddleware to its paths and ask SignedInUsers.
 */
@Module({
  imports: [AuthModule, UsersModule, SecondFactorsModule],
  providers: [
    BrowserSessionMiddleware,
    CsrfProtection,
    SignInThrottle,
    PasswordResetThrottle,
    SignInService,
    SignedInUsers,
    SignInPolicies,
    KnownBrowsers,
    KnownBrowsersUpkeepJobs,
    PendingSignIns,
    PersonSessions,
    RecentSignInGuard,
  ],
  exports: [
    BrowserSessionMiddleware,
    CsrfProtection,
    SignInService,
    SignedInUsers,
    SignInThrottle,
    PasswordResetThrottle,
    SecondFactorsModule,
    SignInPolicies,
    PendingSignIns,
    PersonSessions,
    RecentSignInGuard,
  ],
})
export class SignInModule {}
