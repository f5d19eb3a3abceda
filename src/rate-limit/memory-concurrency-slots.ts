import type { ConcurrencySlots } from './concurrency-slots.js';

/** The slots of this process alone (no REDIS_URL, or Redis unreachable). */
export class MemoryConcurrencySlots implements ConcurrencySlots {
  /** Leases by key, each with the time it expires. */
  private readonly leases = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  acquire(key: string, limit: number, leaseMs: number, lease: string): Promise<boolean> {
    const held = this.live(key);
    if (held.size >= limit) return Promise.resolve(false);
    held.set(lease, this.now() + leaseMs);
    this.leases.set(key, held);
    return Promise.resolve(true);
  }

  renew(key: string, leaseMs: number, lease: string): Promise<void> {
    const held = this.leases.get(key);
    if (held?.has(lease)) held.set(lease, this.now() + leaseMs);
    return Promise.resolve();
  }

  release(key: string, lease: string): Promise<void> {
    const held = this.leases.get(key);
    held?.delete(lease);
    if (held?.size === 0) this.leases.delete(key);
    return Promise.resolve();
  }

  private live(key: string): Map<string, number> {
    const held = this.leases.get(key) ?? new Map<string, number>();
    const now = this.now();
    for (const [lease, expires] of held) if (expires <= now) held.delete(lease);
    return held;
  }
}
