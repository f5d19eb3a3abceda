import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const REVISION_ORIGINS = ['api', 'mcp', 'editor', 'rewrite'] as const;
export type RevisionOrigin = (typeof REVISION_ORIGINS)[number];

/** An immutable snapshot of an article; revisions are only ever added. */
@Entity({ name: 'article_revisions' })
export class ArticleRevision {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'article_id', type: 'integer' })
  articleId!: number;

  /** 1, 2, 3… within the article. */
  @Column({ type: 'integer' })
  number!: number;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'featured_image_url', type: 'text', nullable: true })
  featuredImageUrl!: string | null;

  @Column({ type: 'text' })
  origin!: RevisionOrigin;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'key_id', type: 'integer', nullable: true })
  keyId!: number | null;

  /** The assistant's connection that made it through the agent server (origin `mcp`). */
  @Column({ name: 'connection_id', type: 'integer', nullable: true })
  connectionId!: number | null;

  /** Who made it when no key did (an operator via the CLI, an import). */
  @Column({ type: 'text', nullable: true })
  actor!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
