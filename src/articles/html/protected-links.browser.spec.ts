import fc from 'fast-check';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { ArticleBodyRules } from './article-body-rules.js';

/**
 * The protected-link rule judged by an independent reader: parse5 (the
 * WHATWG HTML parsing algorithm browsers implement) and the WHATWG URL
 * parser. A mutation of a stored body that the service accepts must leave
 * every marked element as a browser and a crawler see it: the same element,
 * the same link target, the same rel tokens, the same other attributes and
 * the same text. Mutations come from every Unicode whitespace and format
 * character, controls, entity encodings, percent-encodings, case changes and
 * attribute orders and duplicates.
 */

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];
type Element = DefaultTreeAdapterMap['element'];

/** The article's address: what a browser resolves relative links against. */
const ARTICLE_URL = 'https://acme.example/blog/boilers/bleeding';
const MARKER = 'data-service-protected';
const ASCII_WHITESPACE = /[\t\n\f\r ]+/g;

const collapse = (text: string) => text.replace(ASCII_WHITESPACE, ' ').replace(/^ | $/g, '');

function resolve(value: string): string {
  try {
    return new URL(value, ARTICLE_URL).href;
  } catch {
    return `unparsable ${JSON.stringify(value)}`;
  }
}

function attributeView(name: string, value: string): string {
  if (name === 'href' || name === 'src') return `${name}=${resolve(value)}`;
  if (name === 'rel') {
    const tokens = value
      .split(ASCII_WHITESPACE)
      .filter((token) => token !== '')
      .map((token) => token.replace(/[A-Z]/g, (c) => c.toLowerCase()));
    return `rel=${[...new Set(tokens)].sort().join(' ')}`;
  }
  return `${name}=${JSON.stringify(value)}`;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function textContent(element: Element): string {
  let text = '';
  const stack: Node[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterMap['textNode']).value;
    if ('childNodes' in node)
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return text;
}

function describe_(element: Element): string {
  const own = (e: Element) =>
    `<${e.tagName} ${e.attrs
      .map((a) => attributeView(a.name, a.value))
      .sort()
      .join(' ')}> ${JSON.stringify(collapse(textContent(e)))}`;
  const inner: string[] = [];
  const stack: Node[] = [...element.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node)) {
      inner.push(own(node));
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
    }
  }
  return [own(element), ...inner].join(' | ');
}

/** Every marked element as a browser builds it, described by what it shows and where it links. */
export function browserView(html: string): string[] {
  const found: string[] = [];
  const stack: Node[] = [parseFragment(html)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node) && node.attrs.some((a) => a.name === MARKER)) found.push(describe_(node));
    if ('childNodes' in node) for (const child of node.childNodes) stack.push(child);
  }
  return found.sort();
}

const rules = new ArticleBodyRules();

/** What the service would store for this submission, or null when it refuses it. */
function stored(current: string, submitted: string): string | null {
  const outcome = rules.edit(current, submitted, ARTICLE_URL);
  return outcome.ok ? outcome.body : null;
}

/** Stored bodies as GET returns them: the sanitiser's serialisation. */
const LINKS = [
  '<a href="https://partner.example/services/boilers" rel="sponsored nofollow" data-service-protected="backlink">trusted boiler partner</a>',
  '<a href="/guides/radiators?from=blog#bleeding" data-service-protected="internal" title="Radiator guide">our radiator guide</a>',
  '<a href="../pricing" data-service-protected="internal" target="_blank" hreflang="en">see pricing</a>',
  '<a href="https://xn--bcher-kva.example/k%C3%A4se" rel="ugc" data-service-protected="backlink">Bücher &amp; Käse</a>',
  '<p data-service-protected="internal">Read <a href="/x">the <b>X</b> guide</a> first</p>',
];
const STORED_BODIES = LINKS.map((link, i) =>
  rules.normalize(
    `<h2>Part ${i}</h2><p>Before it, ${link} and after it.</p><p>Unmarked <a href="/free">text</a>.</p>`,
  ),
);

/** Every character Unicode calls whitespace, every format character (Cf), and the C0/C1 controls but NUL. */
const UNICODE_WHITESPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];
const FORMAT = [
  0xad, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x61c, 0x6dd, 0x70f, 0x890, 0x891, 0x8e2, 0x180e,
  0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2061,
  0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e,
  0x206f, 0xfeff, 0xfff9, 0xfffa, 0xfffb, 0x110bd, 0x110cd, 0x13430, 0x1bca0, 0x1d173, 0x1d17a,
  0xe0001, 0xe0020, 0xe007f,
];
const CONTROLS = [
  ...Array.from({ length: 31 }, (_, i) => i + 1),
  0x7f,
  ...Array.from({ length: 32 }, (_, i) => 0x80 + i),
];
const ORDINARY = [0x61, 0x41, 0x2f, 0x2e, 0x25, 0x3a, 0x3f, 0x23, 0x26, 0x3d, 0x2d, 0x40, 0x5c];
const CODE_POINTS = [...new Set([...UNICODE_WHITESPACE, ...FORMAT, ...CONTROLS, ...ORDINARY])];

const NAMED: Record<number, string[]> = {
  0x09: ['&Tab;'],
  0x0a: ['&NewLine;'],
  0x20: ['&#32;'],
  0xa0: ['&nbsp;', '&NonBreakingSpace;', '&nbsp'],
  0xad: ['&shy;', '&shy'],
  0x200b: ['&ZeroWidthSpace;', '&NegativeThinSpace;'],
  0x200c: ['&zwnj;'],
  0x200d: ['&zwj;'],
  0x200e: ['&lrm;'],
  0x200f: ['&rlm;'],
  0x2009: ['&thinsp;', '&ThinSpace;'],
  0x2002: ['&ensp;'],
  0x2003: ['&emsp;'],
  0x205f: ['&MediumSpace;'],
  0x2060: ['&NoBreak;'],
  0x2061: ['&af;'],
  0x2062: ['&it;'],
  0x2063: ['&ic;'],
  0x26: ['&amp;', '&amp'],
  0x2f: ['&sol;'],
  0x2e: ['&period;'],
  0x3a: ['&colon;'],
};

/** The ways a character can be written in HTML (and, in a URL, percent-encoded). */
function spellings(codePoint: number, inUrl: boolean): string[] {
  const char = String.fromCodePoint(codePoint);
  const forms = [
    char,
    `&#${codePoint};`,
    `&#x${codePoint.toString(16)};`,
    `&#X${codePoint.toString(16).toUpperCase()}`,
    ...(NAMED[codePoint] ?? []),
  ];
  if (inUrl) {
    forms.push(
      [...new TextEncoder().encode(char)]
        .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
        .join(''),
    );
  }
  return forms.filter((form) => !(char === '<' || char === '"') || form !== char);
}

interface Slot {
  /** Where the value starts and ends in the body. */
  start: number;
  end: number;
  inUrl: boolean;
}

/** The attribute values and text runs of the marked elements of a body, as written. */
function slots(body: string): Slot[] {
  const found: Slot[] = [];
  for (const element of body.matchAll(/<(a|p)\b[^>]*data-service-protected[^>]*>[\s\S]*?<\/\1>/g)) {
    const offset = element.index;
    for (const value of element[0].matchAll(/([a-z-]+)="([^"]*)"/g)) {
      const start = offset + value.index + value[1].length + 2;
      found.push({ start, end: start + value[2].length, inUrl: value[1] === 'href' });
    }
    for (const text of element[0].matchAll(/>([^<]+)</g)) {
      const start = offset + text.index + 1;
      found.push({ start, end: start + text[1].length, inUrl: false });
    }
  }
  return found;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  body: fc.nat(STORED_BODIES.length - 1),
  slot: fc.nat(),
  at: fc.nat(),
  codePoint: fc.constantFrom(...CODE_POINTS),
  spelling: fc.nat(),
  mode: fc.constantFrom<Edit['mode']>('insert', 'replace'),
});

interface Edit {
  body: number;
  slot: number;
  at: number;
  codePoint: number;
  spelling: number;
  mode: 'insert' | 'replace';
}

function apply({ body, slot, at, codePoint, spelling, mode }: Edit): {
  before: string;
  after: string;
} {
  const before = STORED_BODIES[body];
  const all = slots(before);
  const target = all[slot % all.length];
  const length = target.end - target.start;
  const position = target.start + (at % (length + 1));
  const forms = spellings(codePoint, target.inUrl);
  const written = forms[spelling % forms.length];
  const cut = mode === 'replace' && position < target.end ? 1 : 0;
  return { before, after: before.slice(0, position) + written + before.slice(position + cut) };
}

function judged(before: string, after: string): 'refused' | 'unchanged' | 'changed' {
  const result = stored(before, after);
  if (result === null) return 'refused';
  return JSON.stringify(browserView(result)) === JSON.stringify(browserView(before))
    ? 'unchanged'
    : 'changed';
}

describe('the protected-link rule, as a browser sees it', () => {
  it('the oracle sees what a browser sees', () => {
    const [link] = browserView(LINKS[0]);
    expect(link).toContain('href=https://partner.example/services/boilers');
    expect(link).toContain('rel=nofollow sponsored');
    expect(browserView(LINKS[0].replace('boilers"', 'boilers\u00a0"'))[0]).toContain(
      'boilers%C2%A0',
    );
    expect(browserView(LINKS[0].replace('nofollow"', 'nofollow\u00a0"'))[0]).toContain(
      'rel=nofollow\u00a0 sponsored',
    );
  });

  it('accepts the body exactly as GET returns it', () => {
    for (const body of STORED_BODIES) expect(stored(body, body)).toBe(body);
  });

  it.each([
    ['NBSP after the href', (b: string) => b.replace('boilers"', 'boilers\u00a0"')],
    [
      'NBSP before the href',
      (b: string) => b.replace('href="https://partner', 'href="\u00a0https://partner'),
    ],
    ['NBSP in rel', (b: string) => b.replace('nofollow"', 'nofollow\u00a0"')],
    [
      'BOM for a space in the text',
      (b: string) => b.replace('trusted boiler', 'trusted\ufeffboiler'),
    ],
    ['NBSP after the marker', (b: string) => b.replace('"backlink"', '"backlink\u00a0"')],
    ['U+3000 in the text', (b: string) => b.replace('partner<', 'partner\u3000<')],
    ['a line separator in the href', (b: string) => b.replace('/services', '/\u2028services')],
    [
      'a duplicated href ahead of the stored one',
      (b: string) => b.replace('<a href=', '<a href="https://rival.example/" href='),
    ],
  ])('refuses %s', (_name, mutate) => {
    const body = STORED_BODIES[0];
    expect(stored(body, mutate(body))).toBeNull();
  });

  it('never accepts a change of a marked element (independent parser and URL resolution)', () => {
    let refused = 0;
    fc.assert(
      fc.property(edit, (e) => {
        const { before, after } = apply(e);
        const verdict = judged(before, after);
        if (verdict === 'refused') refused++;
        expect(verdict).not.toBe('changed');
      }),
      { numRuns: 7_000 },
    );
    expect(refused).toBeGreaterThan(0);
  });

  /** Rewrites of the characters already there: case, percent-encoding, duplicates, structure. */
  type Rewrite = 'case' | 'percent' | 'duplicate' | 'wrap' | 'unwrap' | 'entity';
  const rewrite = fc.record({
    body: fc.nat(STORED_BODIES.length - 1),
    slot: fc.nat(),
    at: fc.nat(),
    kind: fc.constantFrom<Rewrite>('case', 'percent', 'duplicate', 'wrap', 'unwrap', 'entity'),
    tag: fc.constantFrom('b', 'span', 'a', 'em', 'p', 'div', 'br', 'img'),
  });

  function rewritten(e: {
    body: number;
    slot: number;
    at: number;
    kind: Rewrite;
    tag: string;
  }): string {
    const before = STORED_BODIES[e.body];
    const all = slots(before);
    const target = all[e.slot % all.length];
    const length = Math.max(1, target.end - target.start);
    const position = target.start + (e.at % length);
    const char = before[position];
    const head = before.slice(0, position);
    const tail = before.slice(position + 1);
    switch (e.kind) {
      case 'case':
        return (
          head + (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) + tail
        );
      case 'percent':
        return head + `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` + tail;
      case 'entity':
        return head + `&#${char.codePointAt(0)};` + tail;
      case 'duplicate': {
        const tagStart = before.lastIndexOf('<', target.start);
        const nameEnd = before.indexOf(' ', tagStart);
        const value = before.slice(target.start, target.end);
        const name = /([a-z-]+)="$/.exec(before.slice(0, target.start))?.[1] ?? 'href';
        return `${before.slice(0, nameEnd)} ${name}="${value}x"${before.slice(nameEnd)}`;
      }
      case 'wrap':
        return `${head}<${e.tag}>${char}</${e.tag}>${tail}`;
      case 'unwrap':
        return head + tail.replace(/<\/?[a-z]+[^>]*>/, '');
    }
  }

  it('never accepts a rewrite of a marked element: case, percent-encoding, duplicates, tags', () => {
    fc.assert(
      fc.property(rewrite, (e) => {
        const before = STORED_BODIES[e.body];
        expect(judged(before, rewritten(e))).not.toBe('changed');
      }),
      { numRuns: 3_000 },
    );
  });

  const respelling = fc.record({
    body: fc.nat(STORED_BODIES.length - 1),
    seed: fc.nat(),
  });

  /**
   * Ways to write the same elements: attribute order, quotes, name case,
   * entities for ordinary characters, ASCII whitespace in text and in rel.
   */
  function respell(body: string, seed: number): string {
    let n = seed;
    const pick = (k: number) => {
      const value = n % k;
      n = Math.floor(n / k) + 7919;
      return value;
    };
    const entities = (value: string) =>
      value.replace(/e/g, () => ['e', '&#101;', '&#x65;', '&#X65;'][pick(4)]);
    const spaces = (value: string) =>
      value.replace(/ /g, () => [' ', '  ', '\n', '\t', ' \r\n ', '\f'][pick(6)]);
    return body
      .split(/(<[^>]+>)/)
      .map((part) => {
        if (!part.startsWith('<')) return spaces(entities(part));
        const start = /^<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*>$/.exec(part);
        if (!start)
          return part.replace(
            /^<\/([a-z0-9]+)>$/,
            (_t, name: string) => `</${pick(2) ? name.toUpperCase() : name}\n>`,
          );
        const list = [...start[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]);
        const rotation = pick(list.length + 1);
        const rotated = list.map((_, i) => list[(i + rotation) % list.length]);
        const upper = pick(2) === 1;
        const quote = pick(2) === 1 ? "'" : '"';
        const attributes = rotated.map(([name, value]) => {
          const written = name === 'rel' ? spaces(entities(value)) : entities(value);
          return ` ${upper ? name.toUpperCase() : name}=${quote}${written.replace(/'/g, '&#39;')}${quote}`;
        });
        return `<${upper ? start[1].toUpperCase() : start[1]}${attributes.join('')}\t>`;
      })
      .join('');
  }

  it('accepts a body that only writes the same marked elements differently', () => {
    fc.assert(
      fc.property(respelling, ({ body, seed }) => {
        const before = STORED_BODIES[body];
        expect(judged(before, respell(before, seed))).toBe('unchanged');
      }),
      { numRuns: 1_000 },
    );
  });
});
