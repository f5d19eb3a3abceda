import { Inject, Injectable, Logger, NestMiddleware, OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import session from 'express-session';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../../config/app-config.js';
import { AppSecrets } from '../../../database/index.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import { pageSecurityHeaders } from './page-security-headers.js';
import './session-data.js';
import { sessionCookie } from './session-cookie.js';
import { throttleTouch } from './throttled-touch.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Why the browser session or form could not be read; the page's guard reports it. */
    browserSessionError?: unknown;
  }
}

const PgStore = connectPgSimple(session);
/** Forms are small: a few fields and a token. */
const FORM_BODY_LIMIT = '64kb';
const SESSIONS_TABLE = 'console_sessions';
/** The name of the cookie's signing secret in AppSecrets. */
const SESSION_SECRET = 'session_cookie';
const PRUNE_EVERY_SECONDS = 15 * 60;

/**
 * What a page behind sign-in needs before its guard and handler: its
 * security headers, its form fields, and the browser session (express-session,
 * stored in PostgreSQL by connect-pg-simple through the app's own connection
 * pool). Mounted on the console's paths only (ConsoleModule), and on any
 * other page that signs people in: the API and agent endpoints never pay for
 * a session. A failure to read the session or a form does not answer here:
 * it is left on the request for the page's guard to report as a page.
 */
@Injectable()
export class BrowserSessionMiddleware implements NestMiddleware, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserSessionMiddleware.name);
  private readonly headers: RequestHandler;
  private readonly forms = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT });
  private readonly store: connectPgSimple.PGStore;
  private sessions?: Promise<RequestHandler>;

  constructor(
    dataSource: DataSource,
    private readonly secrets: AppSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const media = config.mediaS3 ? [new URL(config.mediaS3.publicUrl).origin] : [];
    this.headers = pageSecurityHeaders(media);
    this.store = new PgStore({
      pgPromise: { any: (sql: string, params: unknown[]) => dataSource.query(sql, params) },
      tableName: SESSIONS_TABLE,
      createTableIfMissing: false,
      pruneSessionInterval: PRUNE_EVERY_SECONDS,
      errorLog: (...args: unknown[]) => this.logger.warn(args.map(String).join(' ')),
    });
    throttleTouch(this.store, dataSource, SESSIONS_TABLE);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.headers(req, res, () => {
      this.forms(req, res, (formError?: unknown) => {
        if (formError) req.browserSessionError = formError;
        this.sessionHandler()
          .then((handler) =>
            handler(req, res, (sessionError?: unknown) => {
              if (sessionError) req.browserSessionError = sessionError;
              next();
            }),
          )
          .catch((error: unknown) => {
            req.browserSessionError = error;
            next();
          });
      });
    });
  }

  onApplicationShutdown(): void {
    this.store.close();
  }

  /**
   * express-session, built on first use: its signing secret is in the
   * database (made by a migration, shared by every replica), which may not be
   * migrated yet when the app is built.
   */
  private sessionHandler(): Promise<RequestHandler> {
    this.sessions ??= this.build().catch((error: unknown) => {
      this.sessions = undefined;
      throw error;
    });
    return this.sessions;
  }

  private async build(): Promise<RequestHandler> {
    const secret = (await this.secrets.read([SESSION_SECRET])).get(SESSION_SECRET);
    if (secret === undefined) throw new Error('The session secret is missing: run the migrations.');
    const cookie = sessionCookie(this.config.publicBaseUrl);
    return session({
      name: cookie.name,
      secret,
      store: this.store,
      cookie: cookie.options,
      resave: false,
      saveUninitialized: false,
      // Every answer extends the cookie and the stored expiry: the 12-hour limit is on idleness.
      rolling: true,
      unset: 'destroy',
      // Behind a TLS-terminating proxy the request arrives as http: trust its X-Forwarded-Proto
      // for the Secure cookie, which is only ever sent when PUBLIC_BASE_URL is https.
      proxy: cookie.options.secure ? true : undefined,
    });
  }
}
