import type { PasswordLinkPurpose } from '../password-links.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A one-time link to choose a password. Only the SHA-256 of its token is stored. */
@Entity({ name: 'password_links' })
export class PasswordLink {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  /** `set` (the operator's), `reset` (forgot password) or `invite` (an owner's invitation). */
  @Column({ type: 'text', default: 'set' })
  purpose!: PasswordLinkPurpose;

  @Column({ name: 'token_hash', type: 'text', select: false })
  tokenHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
