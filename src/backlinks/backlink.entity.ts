import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const BACKLINK_CATEGORIES = ['industry', 'local'] as const;
export type BacklinkCategory = (typeof BACKLINK_CATEGORIES)[number];

@Entity({ name: 'backlinks' })
export class Backlink {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'site_id', type: 'integer' })
  siteId!: number;

  @Column({ type: 'text', nullable: true })
  ref!: string | null;

  @Column({ name: 'acquired_at', type: 'timestamptz', nullable: true })
  acquiredAt!: Date | null;

  @Column({ name: 'source_domain', type: 'text', nullable: true })
  sourceDomain!: string | null;

  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl!: string | null;

  @Column({ name: 'target_url', type: 'text', nullable: true })
  targetUrl!: string | null;

  @Column({ name: 'anchor_text', type: 'text', nullable: true })
  anchorText!: string | null;

  @Column({ name: 'anchor_type', type: 'text', nullable: true })
  anchorType!: string | null;

  @Column({ type: 'text', nullable: true })
  status!: string | null;

  @Column({ type: 'text' })
  category!: BacklinkCategory;
}
