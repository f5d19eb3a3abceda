import type { PeriodCounts } from '../rollups/index.js';
import { resolveStatsRange, type DayRange, type StatsRangeRequest } from '../stats/index.js';
import { type Comparison, comparisonPeriod, daysIn } from './comparison-period.js';
import type {
  ReportChangeDto,
  ReportChangesDto,
  ReportComparisonDto,
  ReportCountsDto,
  ReportPeriodDto,
} from './dto/report-counts.dto.js';
import { MAX_REPORT_DAYS } from './dto/site-report.dto.js';
import { ReportRangeError } from './report.errors.js';

/** A report's period and comparison, resolved. */
export interface ReportPeriods {
  period: ReportPeriodDto;
  comparison: ReportComparisonDto | null;
}

/**
 * Resolves a report's query as stats does (same grammar, defaults and
 * errors; `earliest` closes a range given only `to`), bounds its length,
 * and adds the comparison period.
 */
export async function reportPeriods(
  request: StatsRangeRequest & { compare?: Comparison },
  today: string,
  earliest: (to: string) => Promise<DayRange>,
): Promise<ReportPeriods> {
  const resolved = resolveStatsRange(request, today);
  const range = resolved.kind === 'days' ? resolved : await earliest(resolved.to);
  const days = daysIn(range);
  if (days > MAX_REPORT_DAYS) {
    throw new ReportRangeError(
      `A report covers at most ${MAX_REPORT_DAYS} days; ${range.from} to ${range.to} is ${days}.`,
      MAX_REPORT_DAYS,
    );
  }
  const kind = request.compare ?? 'previous_period';
  const compared = comparisonPeriod(range, kind);
  return {
    period: { from: range.from, to: range.to, days },
    comparison:
      compared === null || kind === 'none' ? null : { ...compared, days: daysIn(compared), kind },
  };
}

/** The four counts of Stats from a rollup's three. */
export function reportCounts(counts: PeriodCounts): ReportCountsDto {
  return {
    articles_published: counts.articles,
    backlinks_acquired: counts.industry + counts.local,
    backlinks_industry: counts.industry,
    backlinks_local: counts.local,
  };
}

/** Each count against the comparison period's; null without one. */
export function reportChanges(
  current: ReportCountsDto,
  previous: ReportCountsDto | null,
): ReportChangesDto | null {
  if (previous === null) return null;
  const change = (name: keyof ReportCountsDto): ReportChangeDto => {
    const [now, before] = [current[name], previous[name]];
    return {
      absolute: now - before,
      percent: before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10,
    };
  };
  return {
    articles_published: change('articles_published'),
    backlinks_acquired: change('backlinks_acquired'),
    backlinks_industry: change('backlinks_industry'),
    backlinks_local: change('backlinks_local'),
  };
}
