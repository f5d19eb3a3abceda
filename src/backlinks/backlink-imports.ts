import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BacklinkCategory } from './backlink.entity.js';

/** A backlink as an import file gives it (operations.md, "Import file"), checked already. */
export interface ImportedBacklink {
  ref: string | null;
  acquired_at: string | null;
  source_domain: string | null;
  source_url: string | null;
  target_url: string | null;
  anchor_text: string | null;
  anchor_type: string | null;
  status: string | null;
  category: BacklinkCategory;
}

/** The tables a bulk write of backlinks fills itself (the rollups are ROLLUP_TABLES.backlinks). */
export const BACKLINK_TABLES = ['backlinks'] as const;

const BACKLINK_FIELDS =
  'acquired_at, source_domain, source_url, target_url, anchor_text, anchor_type, status, category';

const UPSERT_BACKLINKS = `
  INSERT INTO backlinks AS b (site_id, ref, ${BACKLINK_FIELDS})
  SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[],
                           $7::text[], $8::text[], $9::text[], $10::text[])
  ON CONFLICT (site_id, ref) WHERE ref IS NOT NULL DO UPDATE SET
    acquired_at = EXCLUDED.acquired_at, source_domain = EXCLUDED.source_domain,
    source_url = EXCLUDED.source_url, target_url = EXCLUDED.target_url,
    anchor_text = EXCLUDED.anchor_text, anchor_type = EXCLUDED.anchor_type,
    status = EXCLUDED.status, category = EXCLUDED.category
  WHERE (b.acquired_at, b.source_domain, b.source_url, b.target_url, b.anchor_text,
         b.anchor_type, b.status, b.category)
    IS DISTINCT FROM (EXCLUDED.acquired_at, EXCLUDED.source_domain, EXCLUDED.source_url,
         EXCLUDED.target_url, EXCLUDED.anchor_text, EXCLUDED.anchor_type, EXCLUDED.status,
         EXCLUDED.category)`;

/**
 * The import's way of writing backlinks: many of a site's in one statement,
 * in the import's transaction, matched by `(site_id, ref)`; a backlink that
 * would not change is not touched.
 */
@Injectable()
export class BacklinkImports {
  /** Upserts a batch of a site's backlinks, fed as one array per column. */
  upsert(
    manager: EntityManager,
    siteId: number,
    rows: readonly ImportedBacklink[],
  ): Promise<unknown> {
    return manager.query(UPSERT_BACKLINKS, [
      siteId,
      rows.map((row) => row.ref),
      rows.map((row) => row.acquired_at),
      rows.map((row) => row.source_domain),
      rows.map((row) => row.source_url),
      rows.map((row) => row.target_url),
      rows.map((row) => row.anchor_text),
      rows.map((row) => row.anchor_type),
      rows.map((row) => row.status),
      rows.map((row) => row.category),
    ]);
  }
}
