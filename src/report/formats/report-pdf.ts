import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { AccountReportDto } from '../dto/account-report.dto.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import { CHART_WIDTH, type ReportCharts } from './report-charts.js';
import type { ReportBrand } from './report-document.js';
import {
  COUNT_LABELS,
  NO_VALUE,
  ORIGIN_LABELS,
  changeText,
  count,
  dayText,
  generatedText,
  periodText,
  summaryRows,
} from './report-text.js';

/**
 * The reports as PDF (PDFKit): A4, text set in DejaVu Sans (embedded, so
 * it can be selected and searched, and covers Latin, Greek and Cyrillic),
 * the charts drawn from their SVG as vector paths, page numbers in the
 * footer of every page.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};

const MARGIN = { top: 50, bottom: 60, left: 50, right: 50 };
const INK = '#1d2330';
const MUTED = '#5b6475';
const ACCENT = '#1f5fa8';
const RULE = '#d9dde5';

interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

type Doc = PDFKit.PDFDocument;

function newDocument(title: string, brand: ReportBrand): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: { Title: title, Author: brand.display_name, Creator: 'content-api' },
  });
  doc.registerFont('Body', FONTS.regular);
  doc.registerFont('Bold', FONTS.bold);
  doc.font('Body').fillColor(INK);
  return doc;
}

function finished(doc: Doc): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;
const bottom = (doc: Doc) => doc.page.height - MARGIN.bottom;

/** A new page unless `height` points still fit on this one. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The logo's box in the header: at most this wide and high, its proportions kept. */
const LOGO_BOX = { width: 120, height: 32 };

function drawLogo(doc: Doc, logo: NonNullable<ReportBrand['logo']>, x: number, y: number): void {
  const bytes = Buffer.from(logo.data_base64, 'base64');
  if (logo.media_type === 'image/png') {
    doc.image(bytes, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
  } else {
    SVGtoPDF(doc, bytes.toString('utf8'), x, y, {
      ...LOGO_BOX,
      preserveAspectRatio: 'xMinYMid meet',
      fontCallback: fontOf,
    });
  }
}

/**
 * Why a logo cannot be drawn (a PNG PDFKit cannot decode, an SVG that makes
 * svg-to-pdfkit throw), or null: checked when an owner uploads it, so that no
 * report fails on it later.
 */
export function drawableLogoProblem(logo: NonNullable<ReportBrand['logo']>): string | null {
  const doc = new PDFDocument({ size: 'A4' });
  doc.registerFont('Body', FONTS.regular);
  doc.registerFont('Bold', FONTS.bold);
  try {
    drawLogo(doc, logo, MARGIN.left, MARGIN.top);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    doc.end();
  }
}

function header(doc: Doc, brand: ReportBrand, title: string, lines: string[]): void {
  let x = MARGIN.left;
  if (brand.logo) {
    drawLogo(doc, brand.logo, x, MARGIN.top);
    x += LOGO_BOX.width + 10;
  }
  doc
    .font('Body')
    .fontSize(10)
    .fillColor(MUTED)
    .text(brand.display_name.toUpperCase(), x, MARGIN.top + 10, {
      width: contentWidth(doc) - (x - MARGIN.left),
      characterSpacing: 0.6,
    });
  const ruleY = MARGIN.top + 38;
  doc
    .moveTo(MARGIN.left, ruleY)
    .lineTo(MARGIN.left + contentWidth(doc), ruleY)
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke();
  doc
    .font('Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(title, MARGIN.left, ruleY + 14, { width: contentWidth(doc) });
  doc.moveDown(0.2).font('Body').fontSize(10).fillColor(MUTED);
  for (const line of lines) doc.text(line, { width: contentWidth(doc) });
  doc.fillColor(INK);
}

function heading(doc: Doc, text: string, keepWith = 60): void {
  doc.moveDown(1.2);
  room(doc, 24 + keepWith);
  doc
    .font('Bold')
    .fontSize(13)
    .fillColor(ACCENT)
    .text(text, MARGIN.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4).font('Body').fontSize(9.5).fillColor(INK);
}

function note(doc: Doc, text: string): void {
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(text, MARGIN.left, doc.y, { width: contentWidth(doc) })
    .fillColor(INK);
}

/** A table that continues on the next page, its header repeated. */
function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const padding = 4;
  const drawRow = (cells: string[], font: 'Body' | 'Bold', color: string) => {
    doc.font(font).fontSize(9.5);
    const height =
      Math.max(
        ...cells.map((cell, i) =>
          doc.heightOfString(cell, { width: columns[i].width - 2 * padding }),
        ),
      ) +
      2 * padding;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      if (font === 'Body')
        drawRow(
          columns.map((c) => c.label),
          'Bold',
          MUTED,
        );
      doc.font(font).fontSize(9.5);
    }
    const top = doc.y;
    let x = MARGIN.left;
    cells.forEach((cell, i) => {
      doc.fillColor(color).text(cell, x + padding, top + padding, {
        width: columns[i].width - 2 * padding,
        align: columns[i].align ?? 'left',
      });
      x += columns[i].width;
    });
    const end = top + height;
    doc
      .moveTo(MARGIN.left, end)
      .lineTo(MARGIN.left + contentWidth(doc), end)
      .lineWidth(font === 'Bold' ? 0.8 : 0.5)
      .strokeColor(font === 'Bold' ? INK : RULE)
      .stroke();
    doc.x = MARGIN.left;
    doc.y = end;
  };
  drawRow(
    columns.map((c) => c.label),
    'Bold',
    MUTED,
  );
  for (const row of rows) drawRow(row, 'Body', INK);
  doc.fillColor(INK);
}

/** Widths that fill the text width: `fixed` points for all but the first column, which takes the rest. */
function columns(
  doc: Doc,
  first: string,
  rest: Array<[string, number, 'left' | 'right']>,
): Column[] {
  const taken = rest.reduce((sum, [, width]) => sum + width, 0);
  return [
    { label: first, width: contentWidth(doc) - taken },
    ...rest.map(([label, width, align]) => ({ label, width, align })),
  ];
}

function fontOf(_family: string, bold: boolean): string {
  return bold ? 'Bold' : 'Body';
}

/** An SVG chart drawn as vector paths and text, one SVG pixel a point, narrowed to the text width if wider. */
function chart(doc: Doc, svg: string): void {
  const size = /width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  const [w, h] = size ? [Number(size[1]), Number(size[2])] : [CHART_WIDTH, CHART_WIDTH / 2];
  const width = Math.min(w, contentWidth(doc));
  const height = (h * width) / w;
  room(doc, height);
  SVGtoPDF(doc, svg, MARGIN.left, doc.y, {
    width,
    height,
    preserveAspectRatio: 'xMinYMin meet',
    fontCallback: fontOf,
  });
  doc.y += height;
  doc.x = MARGIN.left;
}

function summary(
  doc: Doc,
  report: Parameters<typeof summaryRows>[0],
  comparisonLabel: string,
): void {
  const compared = report.previous !== null;
  const cols = compared
    ? columns(doc, 'Count', [
        ['This period', 90, 'right'],
        [comparisonLabel, 100, 'right'],
        ['Change', 110, 'right'],
      ])
    : columns(doc, 'Count', [['This period', 110, 'right']]);
  table(
    doc,
    cols,
    summaryRows(report).map((row) =>
      compared ? [row.label, row.current, row.previous, row.change] : [row.label, row.current],
    ),
  );
}

/** Page numbers, the brand and the time in every page's footer, once the pages are laid out. */
function footers(doc: Doc, brand: ReportBrand, generatedAt: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN.bottom + 24;
    // Writing below the bottom margin would start a new page: lift it while the footer is set.
    doc.page.margins.bottom = 0;
    doc.font('Body').fontSize(8).fillColor(MUTED);
    doc.text(`${brand.display_name} · generated ${generatedText(generatedAt)}`, MARGIN.left, y, {
      width: contentWidth(doc) - 80,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN.left, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

function periodLines(report: Pick<SiteReportDto, 'period' | 'comparison'>): string[] {
  const { period, comparison } = report;
  const lines = [`${dayText(period.from)} – ${dayText(period.to)} (${count(period.days)} days)`];
  if (comparison !== null) {
    lines.push(
      `Compared with ${periodText(comparison)} (${count(comparison.days)} days, ${comparison.kind === 'previous_year' ? 'a year earlier' : 'the previous period'})`,
    );
  }
  return lines;
}

export async function siteReportPdf(
  report: SiteReportDto,
  charts: ReportCharts,
  brand: ReportBrand,
): Promise<Uint8Array> {
  const name = report.site.name ?? `Site ${report.site.id}`;
  const doc = newDocument(`${name}: ${periodText(report.period)}`, brand);
  header(doc, brand, `${name}: ${periodText(report.period)}`, [
    ...(report.site.website_url ? [report.site.website_url] : []),
    ...periodLines(report),
  ]);
  const comparisonLabel =
    report.comparison?.kind === 'previous_year' ? 'A year earlier' : 'Previous period';

  heading(doc, 'Summary');
  summary(doc, report, comparisonLabel);

  heading(doc, `${COUNT_LABELS.backlinks_acquired} each day`, 200);
  chart(doc, charts.daily);

  heading(doc, 'By anchor type', 120);
  if (report.backlinks_by_anchor_type.length > 0) chart(doc, charts.anchorTypes);
  else note(doc, 'No backlinks in this period.');

  heading(doc, 'By status', 80);
  if (report.backlinks_by_status.length > 0) chart(doc, charts.statuses);
  else note(doc, 'No backlinks in this period.');

  heading(doc, 'Top referring domains');
  if (report.top_referring_domains.length === 0) note(doc, 'No referring domains in this period.');
  else
    table(
      doc,
      columns(doc, 'Domain', [
        ['Backlinks', 80, 'right'],
        ['First link', 80, 'left'],
      ]),
      report.top_referring_domains.map((row) => [
        row.source_domain,
        count(row.backlinks),
        row.first_seen ? 'New' : '',
      ]),
    );

  heading(doc, 'Top linked pages');
  if (report.top_linked_pages.length === 0) note(doc, 'No linked pages in this period.');
  else
    table(
      doc,
      columns(doc, 'Page', [
        ['Backlinks', 80, 'right'],
        ['Article', 70, 'right'],
      ]),
      report.top_linked_pages.map((row) => [
        row.target_url,
        count(row.backlinks),
        row.article_id === null ? '' : String(row.article_id),
      ]),
    );

  const { total, items } = report.articles_published;
  heading(doc, `${COUNT_LABELS.articles_published}: ${count(total)}`);
  if (items.length === 0) note(doc, 'No articles published in this period.');
  else {
    table(
      doc,
      columns(doc, 'Title', [
        ['Published', 75, 'left'],
        ['Status', 75, 'left'],
      ]),
      items.map((article) => [
        article.title ?? NO_VALUE,
        article.published_at?.slice(0, 10) ?? '',
        article.status ?? NO_VALUE,
      ]),
    );
    if (items.length < total) {
      doc.moveDown(0.4);
      note(doc, `The first ${count(items.length)} of ${count(total)} are listed.`);
    }
  }

  heading(doc, `Edits made: ${count(report.edits.total)}`);
  table(
    doc,
    columns(doc, 'Made through', [['Revisions', 100, 'right']]),
    (Object.keys(ORIGIN_LABELS) as Array<keyof typeof ORIGIN_LABELS>).map((origin) => [
      ORIGIN_LABELS[origin],
      count(report.edits.by_origin[origin]),
    ]),
  );

  footers(doc, brand, report.generated_at);
  return finished(doc);
}

export async function accountReportPdf(
  report: AccountReportDto,
  brand: ReportBrand,
  generatedAt: string,
): Promise<Uint8Array> {
  const { meta } = report;
  const title = `All websites: ${periodText(meta.period)}`;
  const doc = newDocument(title, brand);
  header(doc, brand, title, periodLines(meta));

  heading(doc, `Totals over ${count(meta.total)} websites`);
  summary(doc, { summary: meta.totals, previous: null, change: null }, '');

  heading(doc, 'By website');
  const compared = meta.comparison !== null;
  table(
    doc,
    columns(doc, 'Website', [
      ['Articles', 55, 'right'],
      ['Backlinks', 60, 'right'],
      ['Industry', 55, 'right'],
      ['Local', 50, 'right'],
      ...(compared ? [['Change', 85, 'right'] as [string, number, 'right']] : []),
    ]),
    report.data.map((row) => [
      `${row.site.name ?? NO_VALUE}\n${row.site.website_url ?? ''}`,
      count(row.summary.articles_published),
      count(row.summary.backlinks_acquired),
      count(row.summary.backlinks_industry),
      count(row.summary.backlinks_local),
      ...(compared && row.change ? [changeText(row.change.backlinks_acquired)] : []),
    ]),
  );
  if (meta.last_page > 1) {
    doc.moveDown(0.4);
    note(
      doc,
      `Websites ${count((meta.page - 1) * meta.per_page + 1)} to ${count(Math.min(meta.total, meta.page * meta.per_page))} of ${count(meta.total)} (page ${count(meta.page)} of ${count(meta.last_page)}). The totals cover every website.`,
    );
  }
  footers(doc, brand, generatedAt);
  return finished(doc);
}
