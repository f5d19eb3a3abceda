import { Column, Entity, PrimaryColumn } from 'typeorm';

export const CHANNELS = ['api', 'mcp', 'console', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * One API or agent call, or one console action. Written in batches by LearningLogWriter; never
 * updated. Partitioned by month of `occurred_at`, which is part of the key as partitioning requires.
 */
@Entity({ name: 'learning_log' })
export class LearningLogEntry {
  /** Made by the writer (UUIDv7), so that a retried batch inserts nothing twice. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @PrimaryColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'account_id', type: 'integer', nullable: true })
  accountId!: number | null;

  @Column({ name: 'key_id', type: 'integer', nullable: true })
  keyId!: number | null;

  /** The assistant's connection that made an agent call (channel `mcp`; key_id is then null). */
  @Column({ name: 'connection_id', type: 'integer', nullable: true })
  connectionId!: number | null;

  /** The person who acted in the console (channel `console`). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ type: 'text' })
  channel!: Channel;

  /** The route's operation id, or the agent tool's name; null for an unknown path. */
  @Column({ type: 'text', nullable: true })
  operation!: string | null;

  @Column({ type: 'text', nullable: true })
  method!: string | null;

  @Column({ type: 'text', nullable: true })
  path!: string | null;

  @Column({ type: 'integer' })
  status!: number;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;

  @Column({ name: 'client_address', type: 'text', nullable: true })
  clientAddress!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  /** Channel `email`: who a message went to, and its subject (never its body). */
  @Column({ name: 'mail_to', type: 'text', nullable: true })
  mailTo!: string | null;

  @Column({ name: 'mail_subject', type: 'text', nullable: true })
  mailSubject!: string | null;

  /** The error identifier of a failed call (`rate_limited`, …). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;
}
