import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'articles' })
export class Article {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'site_id', type: 'integer' })
  siteId!: number;

  @Column({ type: 'text', nullable: true })
  ref!: string | null;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ type: 'text', nullable: true })
  status!: string | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ name: 'target_keyword', type: 'text', nullable: true })
  targetKeyword!: string | null;

  @Column({ name: 'word_count', type: 'integer', nullable: true })
  wordCount!: number | null;

  @Column({ name: 'featured_image_url', type: 'text', nullable: true })
  featuredImageUrl!: string | null;

  @Column({ type: 'text', select: false })
  body!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
