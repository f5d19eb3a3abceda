import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';

/** The types a logo may be (report.md: PNG, or SVG once sanitised). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** 512 KB: the largest logo accepted (report.md, "The report in the console"). */
export const MAX_LOGO_BYTES = 512 * 1024;

/** A logo judged from its bytes alone (the file name and the browser's type are never trusted). */
export type LogoVerdict =
  { kind: 'logo'; mediaType: LogoMediaType; bytes: Buffer } | { kind: 'refused'; reason: string };

/** What an SVG logo may hold: shapes, text, gradients, clips; no script, style sheet, image, link or foreign content. */
const SVG_ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
];

const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'href',
  'xlink:href',
  'style',
];

/** A style value that loads nothing: no url(), no expressions, no escapes. */
const PLAIN_VALUE = /^[#\w\s.,%()-]+$/;
const SVG_STYLES = Object.fromEntries(
  [
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-opacity',
    'stroke-linecap',
    'stroke-linejoin',
    'opacity',
    'stop-color',
    'stop-opacity',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
  ].map((property) => [property, [PLAIN_VALUE]]),
);

const XML_TYPES = new Set(['application/xml', 'text/xml', 'image/svg+xml']);

/** Something that draws: a logo of only definitions or titles shows nothing. */
const DRAWING = /<(path|rect|circle|ellipse|line|polyline|polygon|text|use)[\s/>]/;

/** A reference that stays inside the document (`#gradient`); any other is dropped. */
const isInternalReference = (value: string | undefined) =>
  value === undefined || value.startsWith('#');

/**
 * The SVG with only what a logo needs: the elements, attributes and styles
 * above, references inside the document only, no script, event handler,
 * style sheet, entity or processing instruction. Parsed as XML (case kept:
 * `viewBox`, `linearGradient`).
 */
export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, {
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedStyles: { '*': SVG_STYLES },
    allowedSchemes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject'],
    // Every element closed by its end tag: well-formed XML whatever it holds.
    selfClosing: [],
    parser: {
      xmlMode: true,
      lowerCaseTags: false,
      lowerCaseAttributeNames: false,
      recognizeSelfClosing: true,
    },
    transformTags: {
      '*': (tagName, attribs) => {
        const kept = { ...attribs };
        for (const name of ['href', 'xlink:href']) {
          if (!isInternalReference(kept[name])) delete kept[name];
        }
        return { tagName, attribs: kept };
      },
    },
  });
}

/**
 * Whether `bytes` may be a report's logo: at most 512 KB, and a PNG (by its
 * signature) or an SVG document (its root element `svg`), which is kept
 * sanitised. Whether it can be drawn is checked after this, by the renderer
 * that will draw it (ReportRenderer.checkLogo).
 */
export async function checkLogo(bytes: Buffer): Promise<LogoVerdict> {
  if (bytes.length === 0) return { kind: 'refused', reason: 'The logo file is empty.' };
  if (bytes.length > MAX_LOGO_BYTES) {
    return {
      kind: 'refused',
      reason: `The logo is ${kilobytes(bytes.length)}; it may be at most 512 KB.`,
    };
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/png' || detected?.mime === 'image/apng') {
    return { kind: 'logo', mediaType: 'image/png', bytes };
  }
  // file-type names an SVG by its XML declaration, or not at all.
  const text = detected === undefined || XML_TYPES.has(detected.mime) ? bytes.toString('utf8') : '';
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/.test(text)) {
    return {
      kind: 'refused',
      reason: `The logo must be a PNG or an SVG image; this file is ${detected ? `${detected.mime}` : 'neither'}.`,
    };
  }
  const clean = sanitizeSvg(text).trim();
  if (!/^<svg[\s>]/.test(clean) || !DRAWING.test(clean)) {
    return { kind: 'refused', reason: 'The SVG logo has no drawing left once made safe.' };
  }
  return { kind: 'logo', mediaType: 'image/svg+xml', bytes: Buffer.from(clean, 'utf8') };
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString('en')} KB`;
}
