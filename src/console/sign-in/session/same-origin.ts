import type { Request } from 'express';

/**
 * Whether a state-changing request comes from a page of this service: its
 * `Origin` (or, when a browser sent none, its `Referer`) must be the origin of
 * PUBLIC_BASE_URL. Browsers send `Origin` with every POST; a request with
 * neither header is no cross-site browser request, and the CSRF token alone
 * decides.
 */
export function fromOwnOrigin(req: Pick<Request, 'headers'>, publicBaseUrl: string): boolean {
  const claimed = claimedOrigin(req);
  return claimed === undefined || claimed === new URL(publicBaseUrl).origin;
}

/**
 * The address a refused form came from when it is a page of this server
 * opened at an address other than PUBLIC_BASE_URL's: its origin is not the
 * public one, and its host is the one the form was sent to (`Host`) — the
 * page posted back to where it was opened. A page of another site posting
 * here names its own host instead. Undefined for anything else.
 */
export function ownPageElsewhere(
  req: Pick<Request, 'headers'>,
  publicBaseUrl: string,
): string | undefined {
  const claimed = claimedOrigin(req);
  const host = req.headers.host;
  if (claimed === undefined || host === undefined) return undefined;
  if (claimed === new URL(publicBaseUrl).origin) return undefined;
  try {
    const from = new URL(claimed);
    return from.host === new URL(`${from.protocol}//${host}`).host ? claimed : undefined;
  } catch {
    return undefined;
  }
}

/** The origin a request says it comes from (`Origin`, else its `Referer`'s); 'null' when unreadable. */
function claimedOrigin(req: Pick<Request, 'headers'>): string | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string') return origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
