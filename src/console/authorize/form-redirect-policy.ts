import type { Response } from 'express';

/** What CSP accepts as a host-source, and nothing that could end the directive. */
const HOST_SOURCE = /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The consent page's forms end, after a redirect through the authorization
 * server, at the assistant's redirect URI — another origin. Browsers apply
 * the page's `form-action` to every step of that redirect chain, so this
 * page's policy also names that one origin. Registered redirect URIs are
 * https or loopback http (registrable-redirects), but a host holding `;`,
 * `'` or `,` (which WHATWG URLs allow) is not written into the header, so it
 * can add nothing to the policy.
 */
export function allowFormRedirectTo(res: Response, redirectUri: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const source = formActionSource(redirectUri);
  if (source === undefined) return;
  res.setHeader(
    'Content-Security-Policy',
    policy.replace(/form-action 'self'/, `form-action 'self' ${source}`),
  );
}

function formActionSource(redirectUri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return undefined;
  }
  return HOST_SOURCE.test(url.origin) ? url.origin : undefined;
}
