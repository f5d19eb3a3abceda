import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { ApiCallRecorder } from './learning-log/index.js';
import { Authenticator } from './auth/index.js';
import { AppRoutes } from './common/http/app-routes.js';
import { answerClientErrors } from './common/http/client-errors.js';
import { answerConnectRequests } from './common/http/connect-requests.js';
import { answerHalfClosedClients } from './common/http/half-closed-clients.js';
import { jsonBodyParser } from './common/http/json-body-parser.js';
import { corsPolicy } from './common/http/cors-policy.js';
import { refuseOtherMethods } from './common/http/method-not-allowed.js';
import { requestIdMiddleware } from './common/http/request-id.middleware.js';
import { securityHeaders } from './common/http/security-headers.js';
import {
  letHostlessRequestsThrough,
  refuseUnreadableRequests,
} from './common/http/unreadable-requests.js';
import type { AppConfig } from './config/app-config.js';
import {
  type DatabaseHandle,
  migrateDatabase,
  openDatabase,
  readScopeMiddleware,
} from './database/index.js';
import { NestLog } from './logging/index.js';
import { authenticateMcpFirst, mcpBodyParser } from './mcp/index.js';
import { MCP_PATH } from './common/request/mcp-path.js';
import { AuthorizationServer } from './oauth/index.js';
import { OAUTH_PATH, OAUTH_ROUTES } from './common/request/oauth-paths.js';
import { setupOpenApi } from './openapi/index.js';
import { CallAdmission } from './rate-limit/index.js';
import { toPublicAddress } from './console/index.js';
import { JobQueue, migrateJobQueueSchema } from './jobs/index.js';

const API_PATH = '/api';
const CONSOLE_PATH = '/console';

/** JSON bodies up to this size; an article body may be 1,000,000 characters, escaped. */
const JSON_BODY_LIMIT = '8mb';

export interface RunningApp {
  app: NestExpressApplication;
  database: DatabaseHandle;
  /**
   * Stops accepting, lets in-flight requests finish, writes the rest of the
   * learning log, closes the pools, then stops the embedded database if this
   * process started it. Signals are handled by main (closeOnSignals).
   */
  close(): Promise<void>;
}

/**
 * Express with case-sensitive, strict routing: `/api/v1/sites` is served,
 * `/API/V1/SITES` and `/api/v1/sites/` are 404. Set before the adapter adds
 * its first middleware, which creates the router with the settings of the
 * moment.
 */
function oneSpellingPerRoute(): express.Express {
  const instance = express();
  instance.set('case sensitive routing', true);
  instance.set('strict routing', true);
  return instance;
}

/** Opens the database, migrates it if configured, and builds the configured app (not yet listening). */
export async function createApp(config: AppConfig): Promise<RunningApp> {
  const logger = new Logger('Bootstrap');
  // PostgreSQL's own start-up chatter is only for those who asked for debug logs.
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const database = await openDatabase(config, {
    debug: (message) => {
      if (verbose) logger.debug(message);
    },
    error: (message) => logger.error(message),
  });
  try {
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot(config, database.url),
      new ExpressAdapter(oneSpellingPerRoute()),
      { bodyParser: false, bufferLogs: true },
    );
    app.useLogger(app.get(NestLog));
    const server = app.getHttpServer();
    // Every request gets an answer with a status, however it is sent.
    answerClientErrors(server);
    answerConnectRequests(server, app.get(AppRoutes));
    answerHalfClosedClients(server);
    letHostlessRequestsThrough(server);
    app.set('trust proxy', config.trustProxyHops);
    // Express would tag every response with a weak ETag and answer list requests with 304;
    // only getArticle has a contract ETag, and it sets its own.
    app.set('etag', false);
    // First: every read of the request, wherever it happens, knows whose request it is.
    app.use(readScopeMiddleware);
    app.use(requestIdMiddleware);
    // Preflights are answered here, ahead of the learning log and the limits: they are no calls.
    app.use([API_PATH, MCP_PATH], corsPolicy(config.corsOrigins));
    app.use(app.get(ApiCallRecorder).middleware);
    app.use(securityHeaders(config.publicBaseUrl));
    app.use(app.get(CallAdmission).middleware);
    // Refusals before any body is read; counted and logged, since call admission came first.
    app.use(refuseUnreadableRequests);
    app.use(refuseOtherMethods(app.get(AppRoutes)));
    // Pages a person opens at 127.0.0.1 while the public address is localhost go there first.
    app.use(
      [CONSOLE_PATH, `${OAUTH_PATH}${OAUTH_ROUTES.authorization}`],
      toPublicAddress(config.publicBaseUrl),
    );
    // The authorization server reads its own bodies (forms, registration JSON).
    app.use(OAUTH_PATH, app.get(AuthorizationServer).middleware);
    app.use(authenticateMcpFirst(app.get(Authenticator), config.publicBaseUrl));
    app.use(MCP_PATH, mcpBodyParser);
    app.use(jsonBodyParser(JSON_BODY_LIMIT));
    setupOpenApi(app);
    await app.init();
    if (config.migrateOnStart) {
      const applied = await migrateDatabase(app.get(DataSource), config, [migrateJobQueueSchema]);
      if (applied.length > 0) logger.log(`Applied migrations: ${applied.join(', ')}`);
    }
    // After the migrations, which make the queue's tables.
    await app.get(JobQueue).start();
    for (const deprecation of config.deprecations) logger.warn(deprecation);
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
