import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user; absent before signing in and after signing out. */
    userId?: number;
    /** The user's session epoch when they signed in: the session ends when it moves on. */
    sessionEpoch?: number;
    /** When they signed in (ms since the epoch), for the absolute lifetime. */
    signedInAt?: number;
    /** A message for the next page shown, once (e.g. "Revision 3 restored."). */
    notice?: string;
    /**
     * The password was right and a second factor is awaited: the session is
     * not signed in yet (no userId) until it is given.
     */
    pendingSignIn?: { userId: number; sessionEpoch: number; at: number; returnTo: string };
    /** When the person last proved who they are with a password or a passkey (RecentSignIn). */
    authenticatedAt?: number;
    /** The account requires a second factor and the person has none: every page leads to enrolling. */
    mustEnrol?: boolean;
    /** The browser's user agent at sign-in (shortened), for the sessions page. */
    userAgent?: string;
    /** The client's address, as last seen. */
    clientAddress?: string;
    /** The challenge of the passkey ceremony under way, and what it is for. */
    passkeyChallenge?: { challenge: string; purpose: PasskeyPurpose; at: number };
    /** New recovery codes, kept between the form's redirect and the page that shows them once. */
    newRecoveryCodes?: string[];
  }
}

/** What a passkey is asked for: signing in without a password, the second step, re-authenticating, or registering one. */
export type PasskeyPurpose = 'sign-in' | 'second-step' | 'reauthenticate' | 'register';

/** A signed-in session lives at most this long, however active (console.md). */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A password checked, the second factor must follow within this long. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
/** Sensitive changes need a password or passkey at most this long ago (accounts.md). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
