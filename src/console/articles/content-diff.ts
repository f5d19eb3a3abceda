import { diffLines, diffWordsWithSpace } from 'diff';

/** A piece of a changed line: kept, or only on one side. */
export interface Segment {
  text: string;
  change?: 'del' | 'ins';
}

export type DiffLine =
  { kind: 'same' | 'del' | 'ins'; segments: Segment[] } | { kind: 'gap'; hidden: number };

/** Unchanged lines shown around each change; longer unchanged runs are folded. */
const CONTEXT = 2;
/** Past this, lines are compared whole rather than word by word. */
const MAX_WORD_DIFF_LENGTH = 2_000;
/** A diff that takes longer than this is given up (a 1,000,000-character body against another). */
const DIFF_TIMEOUT_MS = 300;

/**
 * The article body as lines a person can compare: its HTML source, broken
 * after each block (paragraph, heading, list item, table row…) and `<br>`.
 */
export function bodyLines(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(
      /(<\/(?:p|h[1-6]|li|ul|ol|blockquote|figure|figcaption|tr|table|pre|div)>|<br\s*\/?>)(?!\n)/gi,
      '$1\n',
    )
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The HTML source of two bodies compared, broken at blocks (bodyLines). */
export function bodyDiff(before: string, after: string): DiffLine[] | null {
  return lineDiff(bodyLines(before), bodyLines(after));
}

/**
 * A readable diff of two texts of lines, from `before` to `after`: removed
 * and added lines, words changed within a line that was edited, and folded
 * runs of unchanged lines. Null when the two are too different to compare
 * in time.
 */
export function lineDiff(before: string, after: string): DiffLine[] | null {
  const parts = diffLines(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (parts === undefined) return null;
  const lines: DiffLine[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const text = splitLines(part.value);
    if (part.removed && parts[i + 1]?.added) {
      const added = splitLines(parts[i + 1].value);
      lines.push(...pairUp(text, added));
      i += 1;
    } else {
      const kind: 'ins' | 'del' | 'same' = part.added ? 'ins' : part.removed ? 'del' : 'same';
      lines.push(...text.map((line): DiffLine => ({ kind, segments: [{ text: line }] })));
    }
  }
  return fold(lines);
}

/** Lines replaced one for one are shown with the words that changed marked. */
function pairUp(removed: string[], added: string[]): DiffLine[] {
  if (removed.length !== added.length) {
    return [
      ...removed.map((line): DiffLine => ({ kind: 'del', segments: [{ text: line }] })),
      ...added.map((line): DiffLine => ({ kind: 'ins', segments: [{ text: line }] })),
    ];
  }
  return removed.flatMap((line, i): DiffLine[] => {
    const other = added[i];
    if (line.length > MAX_WORD_DIFF_LENGTH || other.length > MAX_WORD_DIFF_LENGTH) {
      return [
        { kind: 'del', segments: [{ text: line }] },
        { kind: 'ins', segments: [{ text: other }] },
      ];
    }
    const { before, after } = textDiff(line, other);
    return [
      { kind: 'del', segments: before },
      { kind: 'ins', segments: after },
    ];
  });
}

function segment(text: string, change: 'del' | 'ins' | undefined): Segment {
  return change ? { text, change } : { text };
}

/**
 * Joins a changed run that a word diff split at spaces ("A sharper title"
 * rather than "A", "sharper", "title"), so that a replaced phrase reads as one.
 */
function joinRuns(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const [i, current] of segments.entries()) {
    const previous = out.at(-1);
    const next = segments[i + 1];
    const bridge =
      current.change === undefined &&
      /^\s+$/.test(current.text) &&
      previous?.change !== undefined &&
      next?.change === previous.change;
    if (
      previous &&
      (bridge || (previous.change !== undefined && previous.change === current.change))
    ) {
      previous.text += current.text;
      continue;
    }
    out.push({ ...current });
  }
  return out;
}

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Keeps CONTEXT unchanged lines around each change and folds the rest. */
function fold(lines: DiffLine[]): DiffLine[] {
  const near = lines.map((_, i) =>
    lines
      .slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1)
      .some((line) => line.kind === 'del' || line.kind === 'ins'),
  );
  const out: DiffLine[] = [];
  let hidden = 0;
  lines.forEach((line, i) => {
    if (line.kind === 'same' && !near[i]) {
      hidden += 1;
      return;
    }
    if (hidden > 0) out.push({ kind: 'gap', hidden });
    hidden = 0;
    out.push(line);
  });
  if (hidden > 0) out.push({ kind: 'gap', hidden });
  return out;
}

/** Word-level segments of a one-line text such as a title. */
export function textDiff(before: string, after: string): { before: Segment[]; after: Segment[] } {
  const words = diffWordsWithSpace(before, after);
  return {
    before: joinRuns(
      words.filter((w) => !w.added).map((w) => segment(w.value, w.removed ? 'del' : undefined)),
    ),
    after: joinRuns(
      words.filter((w) => !w.removed).map((w) => segment(w.value, w.added ? 'ins' : undefined)),
    ),
  };
}
