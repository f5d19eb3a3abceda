import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const USER_ROLES = ['owner', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A person who signs in to the console for one account. Never deleted (disabled instead), but for an invitation revoked before it was accepted. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** As entered; unique across the service compared case-insensitively. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text' })
  role!: UserRole;

  @Column({ type: 'text', default: 'active' })
  status!: UserStatus;

  /** scrypt hash (PasswordHasher); null until the user sets a password through a link. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  /** Moves on when the user's sessions must end (disabled, password reset or changed). */
  @Column({ name: 'session_epoch', type: 'integer', default: 0 })
  sessionEpoch!: number;

  /** The IANA time zone the console shows their times in; null: UTC. */
  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt!: Date | null;
}
