/**
 * At most `limit` holders of a key at once (exports of one API key): each
 * holder takes a slot under a lease id of its own, and gives it back when it
 * is done. A lease expires `leaseMs` after it was taken or last renewed, so a
 * holder that vanished (a replica that died mid-export) frees its slot.
 */
export interface ConcurrencySlots {
  /** Takes a slot for `lease` if fewer than `limit` are held; false when all are. */
  acquire(key: string, limit: number, leaseMs: number, lease: string): Promise<boolean>;
  /** Extends a held lease by `leaseMs` from now. */
  renew(key: string, leaseMs: number, lease: string): Promise<void>;
  release(key: string, lease: string): Promise<void>;
}
