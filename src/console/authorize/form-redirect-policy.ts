import type { Response } from 'express';

/**
 * The consent page's forms end, after a redirect through the authorization
 * server, at the assistant's redirect URI — another origin. Browsers apply
 * the page's `form-action` to every step of that redirect chain, so this
 * page's policy also names that one origin.
 */
export function allowFormRedirectTo(res: Response, redirectUri: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const origin = new URL(redirectUri).origin;
  // An origin of a custom scheme (`com.example.app:/cb`) is "null": allow the scheme instead.
  const source = origin === 'null' ? new URL(redirectUri).protocol : origin;
  res.setHeader(
    'Content-Security-Policy',
    policy.replace(/form-action 'self'/, `form-action 'self' ${source}`),
  );
}
