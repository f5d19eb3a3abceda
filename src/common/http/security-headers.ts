import type { RequestHandler } from 'express';
import helmet from 'helmet';

const DOCS_PATH = '/docs';

/**
 * helmet's security headers. API responses are JSON (or images) that no page
 * should run or frame: their policy allows nothing. Swagger UI at /docs is a
 * page: it may load its own scripts and styles (and its inline style block),
 * call the API it documents, and is served over plain http locally, so
 * requests are not upgraded to https. Resources may be embedded cross-origin:
 * featured images are published for use on other sites.
 */
export function securityHeaders(publicBaseUrl: string): RequestHandler {
  const shared = {
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  };
  const forApi = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  const forDocs = helmet({
    ...shared,
    contentSecurityPolicy: {
      directives: {
        connectSrc: ["'self'", new URL(publicBaseUrl).origin],
        upgradeInsecureRequests: null,
      },
    },
  });
  return (req, res, next) => {
    const docs = req.path === DOCS_PATH || req.path.startsWith(`${DOCS_PATH}/`);
    return (docs ? forDocs : forApi)(req, res, next);
  };
}
