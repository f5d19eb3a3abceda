/** The parts of get_report's structured result ({data: SiteReport}) the view shows. */

export interface Counts {
  articles_published: number;
  backlinks_acquired: number;
  backlinks_industry: number;
  backlinks_local: number;
}

export type CountName = keyof Counts;

export interface Change {
  absolute: number;
  percent: number | null;
}

export interface Period {
  from: string;
  to: string;
  days: number;
}

export type Comparison = 'previous_period' | 'previous_year' | 'none';

export interface SiteReport {
  site: { id: number; name: string | null; website_url: string | null };
  period: Period;
  comparison: (Period & { kind: Exclude<Comparison, 'none'> }) | null;
  summary: Counts;
  previous: Counts | null;
  change: Record<CountName, Change> | null;
  daily: Array<Counts & { date: string }>;
  backlinks_by_anchor_type: Array<{ anchor_type: string | null; count: number }>;
  backlinks_by_status: Array<{ status: string | null; count: number }>;
  top_referring_domains: Array<{ source_domain: string; backlinks: number; first_seen: boolean }>;
  top_linked_pages: Array<{ target_url: string; backlinks: number; article_id: number | null }>;
  articles_published: {
    total: number;
    items: Array<{
      id: number;
      title: string | null;
      url: string | null;
      published_at: string | null;
    }>;
  };
  edits: { total: number; by_origin: Record<string, number> };
  generated_at: string;
}

/** The get_report arguments the view calls the tool with again. */
export interface ReportArguments {
  site_id: number;
  period?: string;
  from?: string;
  to?: string;
  compare?: Comparison;
  top?: number;
}
