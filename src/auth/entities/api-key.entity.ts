import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Scope } from '../../common/request/scopes.js';

@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** The first 8 characters of the key, kept for display. */
  @Column({ type: 'text' })
  prefix!: string;

  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  @Column({ name: 'key_hash', type: 'text', select: false })
  keyHash!: string;

  @Column({ type: 'text', array: true })
  scopes!: Scope[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** When it stopped working; in the future while a rotated key's overlap runs. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** The key that replaced it when it was rotated. */
  @Column({ name: 'replaced_by_key_id', type: 'integer', nullable: true })
  replacedByKeyId!: number | null;

  /** The user who made it in the console; null for the operator's keys. */
  @Column({ name: 'created_by_user_id', type: 'integer', nullable: true })
  createdByUserId!: number | null;
}
