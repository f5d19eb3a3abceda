import type { FC } from 'hono/jsx';
import type { ReportBrand } from '../../report/index.js';
import { Field, Notice } from '../views/components.js';
import { choiceSearch, DEFAULT_PERIOD_CHOICE, type ReportChoice } from './report-choice.js';

const PERIOD_LABELS: Record<ReportChoice['period'], string> = {
  last_month: 'Last month',
  this_month: 'This month',
  last_30_days: 'Last 30 days',
  month: 'A month…',
  range: 'A range of days…',
};

const COMPARE_LABELS: Record<ReportChoice['compare'], string> = {
  previous_period: 'The previous period',
  previous_year: 'The same dates a year earlier',
  none: 'No comparison',
};

/** What the picker shows when the query could not be read: the defaults. */
export const DEFAULT_CHOICE: ReportChoice = {
  period: DEFAULT_PERIOD_CHOICE,
  month: '',
  from: '',
  to: '',
  compare: 'previous_period',
};

/**
 * The report's period and comparison, as a GET form (no script): the
 * choice, then the month or the days it needs, which are used only with
 * "A month" or "A range of days".
 */
export const ReportPicker: FC<{ action: string; choice: ReportChoice; error?: string }> = ({
  action,
  choice,
  error,
}) => (
  <>
    {error ? (
      <Notice tone="bad" title="That period cannot be shown">
        <p>{error}</p>
      </Notice>
    ) : null}
    <form class="filters report-picker" method="get" action={action}>
      <Field id="period" label="Period">
        <select id="period" name="period">
          {Object.entries(PERIOD_LABELS).map(([value, label]) => (
            <option value={value} selected={value === choice.period}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="month" label="Month">
        <input id="month" name="month" type="month" value={choice.month} placeholder="YYYY-MM" />
      </Field>
      <Field id="from" label="From">
        <input id="from" name="from" type="date" value={choice.from} />
      </Field>
      <Field id="to" label="To">
        <input id="to" name="to" type="date" value={choice.to} />
      </Field>
      <Field id="compare" label="Compared with">
        <select id="compare" name="compare">
          {Object.entries(COMPARE_LABELS).map(([value, label]) => (
            <option value={value} selected={value === choice.compare}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" class="primary">
        Show report
      </button>
    </form>
  </>
);

/** The report as files: the same address with `format=`, the choice carried along. */
export const Downloads: FC<{
  base: string;
  choice: ReportChoice;
  extra?: Record<string, string>;
}> = ({ base, choice, extra = {} }) => {
  const href = (format: string) => `${base}?${choiceSearch(choice, { ...extra, format })}`;
  return (
    <p class="row downloads">
      <a class="button secondary small" href={href('pdf')}>
        Download PDF
      </a>
      <a class="button secondary small" href={href('csv')}>
        Download CSV
      </a>
      <a class="button secondary small" href={href('html')}>
        Printable page (HTML)
      </a>
    </p>
  );
};

/** Who the report is from (the white label): the logo, if any, and the display name. */
export const BrandLine: FC<{ brand: ReportBrand }> = ({ brand }) => (
  <p class="report-brand">
    {brand.logo ? (
      <img alt="" src={`data:${brand.logo.media_type};base64,${brand.logo.data_base64}`} />
    ) : null}
    <span>{brand.display_name}</span>
  </p>
);
