import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'sites' })
export class Site {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** The import file's stable reference; re-imports match on it. */
  @Column({ type: 'text', nullable: true })
  ref!: string | null;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ name: 'website_url', type: 'text', nullable: true })
  websiteUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  language!: string | null;

  @Column({ type: 'text', nullable: true })
  country!: string | null;

  @Column({ name: 'geographic_scope', type: 'text', nullable: true })
  geographicScope!: string | null;

  @Column({ type: 'text', nullable: true })
  industry!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
