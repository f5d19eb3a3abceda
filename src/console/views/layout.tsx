import type { Child, FC } from 'hono/jsx';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { assetUrl } from '../assets/console-assets.js';
import { PostButton } from './components.js';
import { TimeZone } from './time-zone.js';

export type Section = 'overview' | 'report' | 'connection' | 'activity' | 'people';

export interface LayoutProps {
  title: string;
  /** Who is signed in, and the session's CSRF token for the sign-out form; none before sign-in. */
  page?: { user: SignedInUser | null; csrf?: string };
  section?: Section;
  children?: Child;
}

const SECTIONS: Array<{ key: Section; href: string; label: string }> = [
  { key: 'overview', href: '/console', label: 'Overview' },
  { key: 'report', href: '/console/report', label: 'Report' },
  { key: 'connection', href: '/console/connection', label: 'Connection' },
  { key: 'activity', href: '/console/activity', label: 'Activity' },
  { key: 'people', href: '/console/people', label: 'People' },
];

const NOBODY: NonNullable<LayoutProps['page']> = { user: null };

/** Every console page: its head, the top bar with the account and sign-out, and the main area. */
export const Layout: FC<LayoutProps> = ({
  title,
  page: { user, csrf } = NOBODY,
  section,
  children,
}) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>{`${title} · content-api console`}</title>
      <link rel="stylesheet" href={assetUrl('console.css')} />
      <script src={assetUrl('console.js')} defer></script>
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <div class="top-inner">
          <a class="brand" href="/console">
            content-api<span>console</span>
          </a>
          {user ? (
            <>
              <nav class="nav" aria-label="Console">
                {SECTIONS.map((item) => (
                  <a href={item.href} aria-current={item.key === section ? 'page' : undefined}>
                    {item.label}
                  </a>
                ))}
              </nav>
              <div class="who">
                <span>
                  <strong>{user.account.name}</strong> ·{' '}
                  <a href="/console/account" title="Your account">
                    {user.name ?? user.email}
                  </a>
                </span>
                <PostButton action="/console/sign-out" csrf={csrf}>
                  Sign out
                </PostButton>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main id="main">
        <TimeZone.Provider value={user?.timeZone ?? 'UTC'}>{children}</TimeZone.Provider>
      </main>
      <footer class="foot">content-api · Content and Backlink Reporting API</footer>
    </body>
  </html>
);
