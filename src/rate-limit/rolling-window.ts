/** The outcome of counting one request in a rolling window. */
export interface WindowCount {
  /** Requests counted in the window, this one included when it was allowed. */
  count: number;
  allowed: boolean;
  /** Milliseconds until the oldest counted request leaves the window, freeing a place. */
  resetMs: number;
}

/**
 * A rolling-window counter: at most `limit` requests in any `windowMs`. A
 * refused request is not counted, so hammering while refused does not push
 * the next free place further away.
 */
export interface RollingWindow {
  hit(key: string, windowMs: number, limit: number): Promise<WindowCount>;
}
