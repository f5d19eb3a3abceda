/** A database to connect to, and how to let go of it. */
export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedLog {
  debug(message: string): void;
  error(message: string): void;
}
