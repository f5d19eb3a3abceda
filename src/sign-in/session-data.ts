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
  }
}

/** A signed-in session lives at most this long, however active (console.md). */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** …and ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
