import type { ArgumentMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { CsrfProtection } from '../sign-in/session/csrf-protection.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { PageContextPipe } from './page-context.decorator.js';

const USER = { id: 7, email: 'a@example.com' } as SignedInUser;
const signedIn: ArgumentMetadata = { type: 'custom', data: undefined };
const anyone: ArgumentMetadata = { type: 'custom', data: 'anyone' };

function setUp(signedInUser: SignedInUser | null, notice?: string) {
  const tokens: string[] = [];
  const csrf = { token: () => (tokens.push('token'), 'the-token') } as unknown as CsrfProtection;
  const req = { signedInUser, session: { notice } } as unknown as Request;
  return { pipe: new PageContextPipe(csrf), req, tokens };
}

describe('PageContextPipe', () => {
  it('gives the signed-in user, and reads the CSRF token once, when a view asks for it', () => {
    const { pipe, req, tokens } = setUp(USER);
    const page = pipe.transform(req, signedIn);
    expect(page.user).toBe(USER);
    expect(tokens).toEqual([]);
    expect([page.csrf, page.csrf]).toEqual(['the-token', 'the-token']);
    expect(tokens).toEqual(['token']);
  });

  it('takes the notice out of the session when a view reads it, and keeps it for the page', () => {
    const { pipe, req } = setUp(USER, 'Key revoked.');
    const page = pipe.transform(req, signedIn);
    expect(req.session.notice).toBe('Key revoked.');
    expect([page.notice, page.notice]).toEqual(['Key revoked.', 'Key revoked.']);
    expect(req.session.notice).toBeUndefined();
  });

  it('gives nobody on a page anyone may open, and refuses to on a page that needs sign-in', () => {
    const { pipe, req } = setUp(null);
    expect(pipe.transform(req, anyone).user).toBeNull();
    expect(() => pipe.transform(req, signedIn)).toThrow(/does not require sign-in/);
  });
});
