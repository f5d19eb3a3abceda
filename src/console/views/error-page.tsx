import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import type { PageLink } from '../console.errors.js';
import { Layout } from './layout.js';

export interface ErrorPageProps {
  status: number;
  title: string;
  message: string;
  /** Who is signed in, if anyone, and the session's CSRF token (for signing out). */
  page: { user: SignedInUser | null; csrf?: string };
  /** Where to go on; the overview (or sign-in) when not given. */
  next?: PageLink;
}

/** What a console request that failed shows: what happened, and where to go on. */
export const ErrorPage: FC<ErrorPageProps> = ({ status, title, message, page, next }) => {
  const link =
    next ??
    (page.user
      ? { href: '/console', label: 'Back to the overview' }
      : { href: '/console/sign-in', label: 'Go to sign in' });
  return (
    <Layout title={title} page={page}>
      <div class="narrow card">
        <p class="muted">Error {status}</p>
        <h1>{title}</h1>
        <p>{message}</p>
        <p class="row">
          <a class="button primary" href={link.href}>
            {link.label}
          </a>
        </p>
      </div>
    </Layout>
  );
};
