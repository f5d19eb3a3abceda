import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { Layout } from './layout.js';

export interface ErrorPageProps {
  status: number;
  title: string;
  message: string;
  user?: SignedInUser | null;
  csrf?: string;
}

/** What a console request that failed shows: what happened, and where to go on. */
export const ErrorPage: FC<ErrorPageProps> = ({ status, title, message, user, csrf }) => (
  <Layout title={title} user={user} csrf={csrf}>
    <div class="narrow card">
      <p class="muted">Error {status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p class="row">
        <a class="button primary" href={user ? '/console' : '/console/sign-in'}>
          {user ? 'Back to the overview' : 'Go to sign in'}
        </a>
      </p>
    </div>
  </Layout>
);
