import { assetUrl } from '../assets/console-assets.js';
import { RawDocument } from '../page/page-result.js';

/**
 * An article body as the document of a sandboxed frame: the sanitised
 * HTML (the editor's allow-list applied again on the way out), unable to run
 * script, submit forms or reach the console (the `sandbox` policy gives it an
 * origin of its own), styled and shown with images from this service only.
 * Only console pages may frame it.
 */
export function bodyFrame(sanitizedBody: string, ownOrigins: string[]): RawDocument {
  const origins = ownOrigins.join(' ');
  return new RawDocument(
    `<!doctype html>\n<html><head><meta charset="utf-8"><link rel="stylesheet" href="${assetUrl('frame.css')}"></head><body>${sanitizedBody}</body></html>`,
    {
      'Content-Security-Policy': [
        "default-src 'none'",
        `style-src 'self' ${origins}`,
        `img-src 'self' ${origins}`,
        "frame-ancestors 'self'",
        "form-action 'none'",
        "base-uri 'none'",
        'sandbox',
      ].join('; '),
      'X-Frame-Options': 'SAMEORIGIN',
    },
  );
}
