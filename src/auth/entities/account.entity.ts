import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const PLANS = ['starter', 'growth', 'enterprise', 'agency'] as const;
export type Plan = (typeof PLANS)[number];
/** Plans whose keys may use the API and the agent server. */
export const API_PLANS: readonly Plan[] = ['enterprise', 'agency'];

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  plan!: Plan;

  @Column({ type: 'text', default: 'active' })
  status!: AccountStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
