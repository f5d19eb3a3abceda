import type { RollingWindow, WindowCount } from './rolling-window.js';

/** The in-process rolling window: one replica's own counts (no REDIS_URL, or Redis unreachable). */
export class MemoryRollingWindow implements RollingWindow {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, windowMs: number, limit: number): Promise<WindowCount> {
    const now = this.now();
    this.sweep(now, windowMs);
    // Times are in ascending order: drop the expired ones from the front, in place, rather
    // than copying the key's whole window on every call (a raised limit makes it long).
    const times = this.hits.get(key) ?? [];
    let expired = 0;
    while (expired < times.length && times[expired] <= now - windowMs) expired++;
    if (expired > 0) times.splice(0, expired);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.hits.set(key, times);
    const oldest = times[0] ?? now;
    return Promise.resolve({ count: times.length, allowed, resetMs: oldest + windowMs - now });
  }

  /** Forgets keys with no request left in the window, at most once a window. */
  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= now - windowMs) this.hits.delete(key);
    }
  }
}
