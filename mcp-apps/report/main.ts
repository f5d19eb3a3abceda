import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { h } from './dom.js';
import { periodChoices, wholeMonth } from './periods.js';
import type { Comparison, ReportArguments, SiteReport } from './types.js';
import { reportView, subtitle } from './view.js';

/**
 * The report view of get_report, in a host that shows MCP Apps. The host
 * hands it the tool's input and result; the period switch and the
 * comparison choice call get_report again through the host (the call is the
 * user's, with the connection's own key, counted and logged like any other).
 */

// autoResize: the host sizes the frame to the page, which changes with each report.
const app = new App(
  { name: 'content-api report view', version: '1.0.0' },
  {},
  { autoResize: true },
);

const title = document.getElementById('title')!;
const sub = document.getElementById('subtitle')!;
const status = document.getElementById('status')!;
const body = document.getElementById('report')!;
const periodSelect = document.getElementById('period') as HTMLSelectElement;
const compareSelect = document.getElementById('compare') as HTMLSelectElement;

let args: Partial<ReportArguments> = {};
let report: SiteReport | undefined;

function applyContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

function setStatus(text: string, error = false): void {
  status.textContent = text;
  status.className = error ? 'status error' : 'status';
  status.hidden = text === '';
}

/** The period select shows the report's period: its name when given, else the month or range. */
function showControls(): void {
  if (report === undefined) return;
  const wanted = args.period ?? (args.from || args.to ? undefined : wholeMonth(report.period));
  const choices = periodChoices(new Date());
  periodSelect.replaceChildren(
    ...choices.map((choice) => h('option', { value: choice.value }, choice.label)),
  );
  if (wanted === undefined || !choices.some((choice) => choice.value === wanted)) {
    const label = wanted ?? `${report.period.from} – ${report.period.to}`;
    periodSelect.prepend(h('option', { value: wanted ?? '' }, label));
  }
  periodSelect.value = wanted ?? '';
  compareSelect.value = report.comparison?.kind ?? 'none';
  periodSelect.disabled = false;
  compareSelect.disabled = false;
}

function show(result: {
  isError?: boolean;
  structuredContent?: unknown;
  content?: Array<{ type: string; text?: string }>;
}): void {
  const text = result.content?.find((block) => block.type === 'text')?.text ?? '';
  const data = (result.structuredContent as { data?: SiteReport } | undefined)?.data;
  if (result.isError || data === undefined) {
    setStatus(text || 'The report could not be loaded.', true);
    periodSelect.disabled = report === undefined;
    compareSelect.disabled = report === undefined;
    return;
  }
  report = data;
  args = { ...args, site_id: data.site.id };
  title.textContent = data.site.name ?? data.site.website_url ?? `Website ${data.site.id}`;
  sub.textContent = subtitle(data);
  body.replaceChildren(reportView(data));
  setStatus('');
  showControls();
}

async function reload(): Promise<void> {
  if (args.site_id === undefined) return;
  const period = periodSelect.value;
  const next: ReportArguments = {
    site_id: args.site_id,
    ...(period === '' ? { from: args.from, to: args.to } : { period }),
    compare: compareSelect.value as Comparison,
    ...(args.top === undefined ? {} : { top: args.top }),
  };
  periodSelect.disabled = true;
  compareSelect.disabled = true;
  setStatus('Loading…');
  try {
    const result = await app.callServerTool({
      name: 'get_report',
      arguments: next as unknown as Record<string, unknown>,
    });
    args = next;
    show(result);
  } catch (error) {
    setStatus(
      `The host could not call get_report: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
    periodSelect.disabled = false;
    compareSelect.disabled = false;
  }
}

app.ontoolinput = (params) => {
  args = { ...(params.arguments as Partial<ReportArguments>) };
  setStatus('Loading the report…');
};
app.ontoolresult = (result) => show(result);
app.onhostcontextchanged = (context) => applyContext(context);
periodSelect.addEventListener('change', () => void reload());
compareSelect.addEventListener('change', () => void reload());

await app.connect();
applyContext(app.getHostContext());
