import fc from 'fast-check';
import { ProtectedLinks } from './protected-links.js';

const service = new ProtectedLinks();

describe('ProtectedLinks.diff', () => {
  const partner =
    '<a href="https://partner.example/" rel="sponsored" data-service-protected="backlink">trusted partner</a>';
  const guide = '<a href="/guides/boilers" data-service-protected="internal">boiler guide</a>';
  const stored = `<p>Start with our ${partner}.</p><p>Then read the ${guide}.</p>`;

  it('accepts the same links moved and surrounded by new text', () => {
    const submitted = `<h2>New intro</h2><p>Read the ${guide} first.</p><ul><li>${partner}</li></ul>`;
    expect(service.diff(stored, submitted)).toEqual({ removed: [], added: [] });
  });

  it('accepts a different spelling of the same element', () => {
    const respelt =
      '<A DATA-SERVICE-PROTECTED="backlink" HREF="https://partner.example/" REL="sponsored">\n  trusted   partner </A>';
    expect(service.diff(stored, `<p>${respelt}</p><p>${guide}</p>`)).toEqual({
      removed: [],
      added: [],
    });
  });

  it('reports a removed link as stored', () => {
    const diff = service.diff(stored, `<p>Only the ${guide}.</p>`);
    expect(service.affected(diff)).toEqual([
      { type: 'backlink', href: 'https://partner.example/', text: 'trusted partner' },
    ]);
  });

  it('reports a rewritten link as stored, then as submitted', () => {
    const rewritten = partner.replace('https://partner.example/', 'https://rival.example/');
    const diff = service.diff(stored, `<p>${rewritten}</p><p>${guide}</p>`);
    expect(service.affected(diff)).toEqual([
      { type: 'backlink', href: 'https://partner.example/', text: 'trusted partner' },
      { type: 'backlink', href: 'https://rival.example/', text: 'trusted partner' },
    ]);
  });

  it('counts copies: a link stored twice must stay twice, and a duplicate is an addition', () => {
    const twice = `<p>${partner}</p><p>${partner}</p>`;
    expect(service.diff(twice, `<p>${partner}</p>`).removed).toHaveLength(1);
    expect(service.diff(`<p>${partner}</p>`, twice).added).toHaveLength(1);
    expect(service.diff(twice, twice)).toEqual({ removed: [], added: [] });
  });

  it('reports a newly marked element', () => {
    const diff = service.diff('<p>plain</p>', `<p>${guide}</p>`);
    expect(diff.removed).toEqual([]);
    expect(service.affected(diff)).toEqual([
      { type: 'internal', href: '/guides/boilers', text: 'boiler guide' },
    ]);
  });

  it('protects what is inside a marked block: inner links and where the text sits', () => {
    const block = '<p data-service-protected="internal">Read <a href="/x">the X</a> guide</p>';
    const innerHref = block.replace('/x', '/y');
    const textMoved = '<p data-service-protected="internal">Read the <a href="/x">X guide</a></p>';
    const innerMarkup =
      '<p data-service-protected="internal">Read <a href="/x"><b>the X</b></a> guide</p>';
    for (const changed of [innerHref, textMoved, innerMarkup]) {
      expect(service.diff(block, changed).removed).toHaveLength(1);
    }
    const reflowed =
      '<p data-service-protected="internal">\n  Read\n  <a href="/x">the   X</a>\n  guide\n</p>';
    expect(service.diff(block, reflowed)).toEqual({ removed: [], added: [] });
  });
});

interface Link {
  type: 'backlink' | 'internal';
  href: string;
  rel: string | undefined;
  text: string;
}

/** How a link is written: attribute order and quoting, case, whitespace. None of it is a change. */
interface Spelling {
  rotate: number;
  upper: boolean;
  single: boolean;
  padded: boolean;
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

function render(link: Link, spelling: Spelling, tag = 'a', marked = true, inner?: string): string {
  const quote = spelling.single ? "'" : '"';
  const attributes: Array<[string, string]> = [['href', link.href]];
  if (marked) attributes.push(['data-service-protected', link.type]);
  if (link.rel !== undefined) attributes.push(['rel', link.rel]);
  const ordered = attributes.map((_, i) => attributes[(i + spelling.rotate) % attributes.length]);
  const name = (n: string) => (spelling.upper ? n.toUpperCase() : n);
  const written = ordered.map(([n, v]) => `${name(n)}=${quote}${escape(v)}${quote}`).join(' ');
  const text = spelling.padded ? `\n  ${link.text.replace(/ /g, '   ')}  ` : link.text;
  return `<${name(tag)} ${written}>${inner ?? escape(text)}</${name(tag)}>`;
}

const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const link: fc.Arbitrary<Link> = fc.record({
  type: fc.constantFrom('backlink' as const, 'internal' as const),
  href: fc.oneof(
    fc.webUrl({ withQueryParameters: true }),
    fc.stringMatching(/^\/[a-z0-9/-]{0,20}$/),
  ),
  rel: fc.option(fc.constantFrom('nofollow', 'sponsored', 'ugc', 'noopener noreferrer'), {
    nil: undefined,
  }),
  text: phrase,
});
const spelling: fc.Arbitrary<Spelling> = fc.record({
  rotate: fc.nat(3),
  upper: fc.boolean(),
  single: fc.boolean(),
  padded: fc.boolean(),
});
/** Unmarked content, links included: anything here may change freely. */
const filler = fc
  .array(
    fc.oneof(
      phrase.map((p) => `<p>${p}</p>`),
      phrase.map((p) => `<h2>${p}</h2>`),
      fc.tuple(fc.webUrl(), phrase).map(([href, p]) => `<p><a href="${escape(href)}">${p}</a></p>`),
      fc
        .array(phrase, { maxLength: 3 })
        .map((items) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`),
    ),
    { maxLength: 3 },
  )
  .map((parts) => parts.join('\n'));

/** A body: each link in a paragraph, with filler before each and at the end. */
function body(links: string[], fillers: string[]): string {
  return (
    links.map((l, i) => `${fillers[i % fillers.length] ?? ''}<p>See ${l} today.</p>`).join('') +
    (fillers[links.length % Math.max(fillers.length, 1)] ?? '')
  );
}

const links = fc.array(fc.tuple(link, spelling, spelling), { maxLength: 6 });
const fillers = fc.array(filler, { minLength: 1, maxLength: 7 });

describe('ProtectedLinks.diff: properties', () => {
  it('accepts any edit that keeps the marked elements intact while changing everything around them', () => {
    fc.assert(
      fc.property(
        links,
        fillers,
        fillers,
        fc.infiniteStream(fc.nat()),
        (items, before, after, order) => {
          const stored = body(
            items.map(([l, s]) => render(l, s)),
            before,
          );
          const moved = items
            .map(([l, , s]) => ({ html: render(l, s), key: order.next().value }))
            .sort((a, b) => a.key - b.key)
            .map(({ html }) => html);
          expect(service.diff(stored, body(moved, after))).toEqual({ removed: [], added: [] });
        },
      ),
    );
  });

  type Mutation =
    | 'href'
    | 'rel'
    | 'text'
    | 'tag'
    | 'marker value'
    | 'marker removed'
    | 'inner markup'
    | 'removal'
    | 'duplication'
    | 'new marked link';

  const mutation = fc.constantFrom<Mutation>(
    'href',
    'rel',
    'text',
    'tag',
    'marker value',
    'marker removed',
    'inner markup',
    'removal',
    'duplication',
    'new marked link',
  );

  function mutate(kind: Mutation, l: Link, s: Spelling, fresh: Link): string[] {
    switch (kind) {
      case 'href':
        return [render({ ...l, href: `${l.href}x` }, s)];
      case 'rel':
        return [render({ ...l, rel: l.rel === undefined ? 'nofollow' : undefined }, s)];
      case 'text':
        return [render({ ...l, text: `${l.text}x` }, s)];
      case 'tag':
        return [render(l, s, 'span')];
      case 'marker value':
        return [render({ ...l, type: l.type === 'backlink' ? 'internal' : 'backlink' }, s)];
      case 'marker removed':
        return [render(l, s, 'a', false)];
      case 'inner markup':
        return [render(l, s, 'a', true, `<strong>${escape(l.text)}</strong>`)];
      case 'removal':
        return [];
      case 'duplication':
        return [render(l, s), render(l, s)];
      case 'new marked link':
        return [render(l, s), render(fresh, s)];
    }
  }

  it('rejects any single mutation of a marked element, naming it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(link, spelling), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        mutation,
        link,
        fillers,
        fillers,
        (items, at, kind, fresh, before, after) => {
          const target = at % items.length;
          const [l, s] = items[target];
          const storedLinks = items.map(([x, y]) => render(x, y));
          const submittedLinks = items.flatMap(([x, y], i) =>
            i === target ? mutate(kind, l, s, fresh) : [render(x, y)],
          );
          const diff = service.diff(body(storedLinks, before), body(submittedLinks, after));
          const [canonical] = service.extract(render(l, s)).map((e) => e.canonical);
          if (kind === 'duplication') {
            expect(diff.removed).toEqual([]);
            expect(diff.added.map((e) => e.canonical)).toEqual([canonical]);
          } else if (kind === 'new marked link') {
            expect(diff.removed).toEqual([]);
            expect(diff.added).toHaveLength(1);
          } else {
            expect(diff.removed.map((e) => e.canonical)).toEqual([canonical]);
          }
        },
      ),
    );
  });
});
