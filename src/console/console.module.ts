import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BrowserSessionMiddleware } from '../sign-in/browser-session.middleware.js';
import { SignInModule } from '../sign-in/sign-in.module.js';
import { UsersModule } from '../users/users.module.js';
import { ConsoleAssetsController } from './assets/console-assets.controller.js';
import { ConsoleActionRecorder } from './console-action.recorder.js';
import { ConsoleExceptionFilter } from './console-exception.filter.js';
import { ConsoleGuard } from './console.guard.js';
import { ConsoleNotFoundController } from './not-found.controller.js';
import { OverviewController } from './overview/overview.controller.js';
import { OverviewReads } from './overview/overview.reads.js';
import { SignInController } from './sign-in/sign-in.controller.js';

/**
 * The account console under /console: server-rendered pages for the people of
 * an account. Its session, forms and headers (BrowserSessionMiddleware) are
 * mounted on /console only; the API never pays for them.
 */
@Module({
  imports: [AuthModule, UsersModule, SignInModule, AuditModule, ArticlesModule],
  controllers: [
    ConsoleAssetsController,
    SignInController,
    OverviewController,
    // Last: it answers every /console address no other console route does.
    ConsoleNotFoundController,
  ],
  providers: [ConsoleGuard, ConsoleExceptionFilter, ConsoleActionRecorder, OverviewReads],
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
