/** Types of pgbouncer-process.mjs, for the TypeScript tests that use it. */
export declare const PGBOUNCER: string;

export interface PgBouncerProcess {
  port: number;
  pid: number;
  /** The URL of `database` through PgBouncer, with the upstream URL's user and password. */
  url(database: string): string;
  /** `SHOW <what>` on PgBouncer's admin console: STATS, POOLS, CLIENTS… */
  show(what: string): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

export declare function startPgBouncer(
  upstreamUrl: string,
  options?: { poolSize?: number; ignoreStartupParameters?: string[] },
): Promise<PgBouncerProcess>;
