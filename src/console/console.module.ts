import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { OAuthModule } from '../oauth/oauth.module.js';
import { BrowserSessionMiddleware } from '../sign-in/browser-session.middleware.js';
import { SignInModule } from '../sign-in/sign-in.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityController } from './activity/activity.controller.js';
import { ActivityReads } from './activity/activity.reads.js';
import { ArticleController } from './articles/article.controller.js';
import { ArticleReads } from './articles/article.reads.js';
import { AuthorizeController } from './authorize/authorize.controller.js';
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
import { SignInController } from './sign-in/sign-in.controller.js';
import { SiteController } from './sites/site.controller.js';
import { SiteReads } from './sites/site.reads.js';

/**
 * The account console under /console: server-rendered pages for the people of
 * an account. Its session, forms and headers (BrowserSessionMiddleware) are
 * mounted on /console only; the API never pays for them.
 */
@Module({
  imports: [AuthModule, UsersModule, SignInModule, AuditModule, ArticlesModule, OAuthModule],
  controllers: [
    ConsoleAssetsController,
    SignInController,
    OverviewController,
    ConnectionController,
    AuthorizeController,
    ActivityController,
    SiteController,
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
    OverviewReads,
    KeysReads,
    ActivityReads,
    SiteReads,
    ArticleReads,
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
  }
}
