import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { LearningLogModule } from '../learning-log/index.js';
import { AuthModule } from '../auth/index.js';
import { OAuthModule } from '../oauth/index.js';
import { MailModule } from '../mail/index.js';
import { ReportModule } from '../report/index.js';
import { RollupsModule } from '../rollups/index.js';
import { SitesModule } from '../sites/index.js';
import { BrowserSessionMiddleware } from './sign-in/session/browser-session.middleware.js';
import { SignInModule } from './sign-in/sign-in.module.js';
import { UsersModule } from '../users/index.js';
import { AccountMail } from './account/account-mail.js';
import { SecurityNotices } from './security/security-notices.js';
import { AccountController } from './account/account.controller.js';
import { ConfirmEmailController } from './account/confirm-email.controller.js';
import { ActorNames } from './actor-names.reads.js';
import { ActivityController } from './activity/activity.controller.js';
import { ActivityReads } from './activity/activity.reads.js';
import { ArticleController } from './articles/article.controller.js';
import { ArticleReads } from './articles/article.reads.js';
import { AuthorizeController } from './authorize/authorize.controller.js';
import { WaitingAssistants } from './authorize/waiting-assistants.js';
import { RevisionsController } from './articles/revisions.controller.js';
import { ConsoleAssetsController } from './assets/console-assets.controller.js';
import { ConnectionController } from './connection/connection.controller.js';
import { KeysReads } from './connection/keys.reads.js';
import { ConsoleActionRecorder } from './console-action.recorder.js';
import { ConsoleExceptionFilter } from './console-exception.filter.js';
import { ConsoleGuard } from './console.guard.js';
import { ConsoleNotFoundController } from './not-found.controller.js';
import { OverviewController } from './overview/overview.controller.js';
import { OverviewReads } from './overview/overview.reads.js';
import { PeopleController } from './people/people.controller.js';
import { ForgotPasswordController } from './sign-in/forgot-password.controller.js';
import { SignInController } from './sign-in/sign-in.controller.js';
import { PasskeyOptionsController } from './sign-in/passkey-options.controller.js';
import { ReauthenticateController } from './sign-in/reauthenticate.controller.js';
import { SecondStepController } from './sign-in/second-step.controller.js';
import { SecurityController } from './security/security.controller.js';
import { SessionsController } from './sessions/sessions.controller.js';
import { SiteController } from './sites/site.controller.js';
import { SiteReads } from './sites/site.reads.js';
import { AccountReportController } from './report/account-report.controller.js';
import { LogoUploadMiddleware } from './report/logo-upload.js';
import { SiteReportController } from './report/site-report.controller.js';

/**
 * The account console under /console: server-rendered pages for the people of
 * an account. Its session, forms and headers (BrowserSessionMiddleware) are
 * mounted on /console only; the API never pays for them.
 */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    SignInModule,
    LearningLogModule,
    SitesModule,
    RollupsModule,
    ArticlesModule,
    OAuthModule,
    ReportModule,
    MailModule,
  ],
  controllers: [
    ConsoleAssetsController,
    SignInController,
    SecondStepController,
    PasskeyOptionsController,
    ReauthenticateController,
    SecurityController,
    SessionsController,
    ForgotPasswordController,
    ConfirmEmailController,
    AccountController,
    OverviewController,
    ConnectionController,
    AuthorizeController,
    ActivityController,
    SiteController,
    SiteReportController,
    AccountReportController,
    ArticleController,
    RevisionsController,
    PeopleController,
    // Last: it answers every /console address no other console route does.
    ConsoleNotFoundController,
  ],
  providers: [
    ConsoleGuard,
    ConsoleExceptionFilter,
    ConsoleActionRecorder,
    AccountMail,
    SecurityNotices,
    ActorNames,
    OverviewReads,
    KeysReads,
    ActivityReads,
    SiteReads,
    ArticleReads,
    WaitingAssistants,
  ],
})
export class ConsoleModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(BrowserSessionMiddleware)
      .exclude({ path: 'console/assets/{*name}', method: RequestMethod.ALL })
      .forRoutes(
        { path: 'console', method: RequestMethod.ALL },
        { path: 'console/{*path}', method: RequestMethod.ALL },
      );
    // The one form with a file: parsed before the guard, which reads its CSRF token.
    consumer
      .apply(LogoUploadMiddleware)
      .forRoutes({ path: 'console/report/brand', method: RequestMethod.POST });
  }
}
