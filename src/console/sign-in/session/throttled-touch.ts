import type { Store } from 'express-session';
import type { DataSource } from 'typeorm';

/** A session's expiry moves on at most this often: "last seen" is known to the minute. */
export const TOUCH_EVERY_MS = 60_000;

/**
 * The store's `touch` (express-session calls it after every request that left
 * the session unchanged, to push its idle expiry on) made to write the row at
 * most once a minute: the UPDATE matches only when the stored expiry is a
 * minute or more behind the new one. Every console request would otherwise
 * write its session row. The idle timeout is 12 hours less up to a minute.
 */
export function throttleTouch(store: Store, dataSource: DataSource, table: string): void {
  store.touch = (sid, session, callback) => {
    // express-session hands the store's error on, though the callback's type takes none.
    const done: ((error?: unknown) => void) | undefined = callback;
    const expires = session.cookie.expires ?? new Date(Date.now() + (session.cookie.maxAge ?? 0));
    dataSource
      .query(
        `UPDATE ${table} SET expire = $1
          WHERE sid = $2 AND expire < $1::timestamptz - make_interval(secs => $3)`,
        [new Date(expires), sid, TOUCH_EVERY_MS / 1000],
      )
      .then(
        () => done?.(),
        (error: unknown) => done?.(error),
      );
  };
}
