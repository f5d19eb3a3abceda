import { Parser } from 'htmlparser2';

/** An image of a body, as a reader would tell it apart: its address and its text. */
export interface BodyImage {
  src: string;
  alt: string;
}

/** What a reader sees of a body: its text, a block a line, and its images. */
export interface ReaderView {
  /** One line per paragraph, heading, list item, table row…; spaces collapsed. */
  text: string;
  images: BodyImage[];
}

/** Elements that start a new line of text where they open and close. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Cells of a row stay on its line, apart. */
const CELLS = new Set(['td', 'th']);

/** Elements whose text is not prose a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/**
 * A body as a reader sees it (htmlparser2, entities decoded): its text with
 * one line per block and a list item marked "•", and its images with their
 * alternative text. Markup that changes nothing a reader sees (an attribute,
 * a `<span>`) leaves this unchanged.
 */
export function readerView(html: string): ReaderView {
  const lines: string[] = [];
  const images: BodyImage[] = [];
  let line = '';
  let hidden = 0;
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '') lines.push(text);
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden++;
        if (CELLS.has(name)) line += ' | ';
        else if (BLOCKS.has(name)) endLine();
        if (name === 'li') line += '• ';
        if (name === 'br') line += '\n';
        if (name === 'img') {
          images.push({ src: attributes.src ?? '', alt: attributes.alt ?? '' });
          line += attributes.alt ? ` [image: ${attributes.alt}] ` : ' [image] ';
        }
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hidden > 0) hidden--;
        if (BLOCKS.has(name) && !CELLS.has(name)) endLine();
      },
      ontext(text) {
        if (hidden === 0) line += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  endLine();
  return {
    text: lines.map((text) => text.replace(/^\| /, '')).join('\n'),
    images,
  };
}

/** The images only on one side: removed (in `before` only) and added (in `after` only). */
export function imageChanges(
  before: BodyImage[],
  after: BodyImage[],
): { removed: BodyImage[]; added: BodyImage[] } {
  const key = (image: BodyImage) => `${image.src}\u0000${image.alt}`;
  const remaining = (from: BodyImage[], other: BodyImage[]) => {
    const counts = new Map<string, number>();
    for (const image of other) counts.set(key(image), (counts.get(key(image)) ?? 0) + 1);
    return from.filter((image) => {
      const left = counts.get(key(image)) ?? 0;
      if (left > 0) {
        counts.set(key(image), left - 1);
        return false;
      }
      return true;
    });
  };
  return { removed: remaining(before, after), added: remaining(after, before) };
}
