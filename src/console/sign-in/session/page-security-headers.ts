import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The headers of every page behind the browser session: a strict Content
 * Security Policy (scripts, styles and images from this service only, or
 * images inlined as data: URLs, script talking to this service only, no
 * inline script or style, forms posting only here, never framed), no
 * referrer sent to other sites, and no caching of signed-in pages. `extraImageOrigins` are the
 * service's own media host when it is not this origin (an S3 bucket).
 */
export function pageSecurityHeaders(extraImageOrigins: string[]): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        // The passkey script asks this service for its WebAuthn options.
        connectSrc: ["'self'"],
        styleSrc: ["'self'"],
        // data: for images made on the server: the report's charts and its logo.
        imgSrc: ["'self'", 'data:', ...extraImageOrigins],
        frameSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not no-referrer: with it, browsers send `Origin: null` on form posts, which the CSRF check needs.
    referrerPolicy: { policy: 'same-origin' },
  });
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
