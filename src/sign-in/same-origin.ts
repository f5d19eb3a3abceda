import type { Request } from 'express';

/**
 * Whether a state-changing request comes from a page of this service: its
 * `Origin` (or, when a browser sent none, its `Referer`) must be the origin of
 * PUBLIC_BASE_URL. Browsers send `Origin` with every POST; a request with
 * neither header is no cross-site browser request, and the CSRF token alone
 * decides.
 */
export function fromOwnOrigin(req: Pick<Request, 'headers'>, publicBaseUrl: string): boolean {
  const own = new URL(publicBaseUrl).origin;
  const origin = req.headers.origin;
  if (typeof origin === 'string') return origin === own;
  const referer = req.headers.referer;
  if (typeof referer === 'string') {
    try {
      return new URL(referer).origin === own;
    } catch {
      return false;
    }
  }
  return true;
}
