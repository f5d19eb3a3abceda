/** One reading of the primary: its WAL position, taken no earlier than `at`. */
interface Sample {
  at: number;
  position: bigint;
}

/**
 * How fresh a replica is, from WAL positions rather than clocks.
 *
 * Every poll notes the time, then asks the primary for its current WAL
 * position: every transaction acknowledged before that time lies at or
 * before that position. A replica that has replayed up to a position at or
 * past a sample's therefore holds everything acknowledged before the sample's
 * time — it is "fresh as of" that time, and its lag is the time since.
 *
 * PostgreSQL's own `now() - pg_last_xact_replay_timestamp()` is no substitute:
 * on a primary with no writes it grows although the replica misses nothing,
 * and on a replica that stopped receiving WAL (its link to the primary broken)
 * it says nothing is pending to replay although the replica misses
 * everything since. Comparing with the primary's position is right in both
 * cases, and needs no privilege and no agreement between clocks.
 */
export class PrimaryWalTimeline {
  private samples: Sample[] = [];

  /** `keepMs`: samples older than this are of no use (a replica that far behind is skipped anyway). */
  constructor(private readonly keepMs: number) {}

  record(at: number, position: bigint): void {
    this.samples.push({ at, position });
    const oldest = at - this.keepMs;
    while (this.samples.length > 1 && this.samples[0].at < oldest) this.samples.shift();
  }

  /**
   * The latest time the replica is known to hold everything acknowledged
   * before; undefined when it is behind every sample kept.
   */
  freshAsOf(replayed: bigint): number | undefined {
    for (let index = this.samples.length - 1; index >= 0; index--) {
      if (this.samples[index].position <= replayed) return this.samples[index].at;
    }
    return undefined;
  }
}
