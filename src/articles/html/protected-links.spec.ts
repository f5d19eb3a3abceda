import { ProtectedLinks } from './protected-links.js';

describe('ProtectedLinks.extract', () => {
  const service = new ProtectedLinks();

  it('finds marked links in document order with their type, href and collapsed text', () => {
    const html = `<p>See <a href="https://partner.example/" data-service-protected="backlink" rel="nofollow">our
      trusted   partner</a> and <a href="/guides/boilers" data-service-protected="internal">boiler guide</a>.</p>
      <p><a href="https://elsewhere.example/">not protected</a></p>`;
    expect(service.links(html)).toEqual([
      { type: 'backlink', href: 'https://partner.example/', text: 'our trusted partner' },
      { type: 'internal', href: '/guides/boilers', text: 'boiler guide' },
    ]);
  });

  it('gives the same canonical form whatever the attribute order, case or whitespace', () => {
    const a = service.extract(
      '<a href="https://p.example/" rel="sponsored" data-service-protected="backlink">P  x</a>',
    );
    const b = service.extract(
      '<A DATA-SERVICE-PROTECTED="backlink" REL="sponsored" HREF="https://p.example/"> P x </A>',
    );
    expect(a[0].canonical).toBe(b[0].canonical);
  });

  it('distinguishes a changed href, rel, text or tag', () => {
    const base =
      '<a href="https://p.example/" rel="sponsored" data-service-protected="backlink">P</a>';
    const variants = [
      '<a href="https://q.example/" rel="sponsored" data-service-protected="backlink">P</a>',
      '<a href="https://p.example/" rel="nofollow" data-service-protected="backlink">P</a>',
      '<a href="https://p.example/" rel="sponsored" data-service-protected="backlink">Q</a>',
      '<span href="https://p.example/" rel="sponsored" data-service-protected="backlink">P</span>',
      '<a href="https://p.example/" rel="sponsored" data-service-protected="internal">P</a>',
    ];
    const canonical = service.extract(base)[0].canonical;
    for (const variant of variants)
      expect(service.extract(variant)[0].canonical).not.toBe(canonical);
  });

  it('decodes entities so that equivalent spellings compare equal', () => {
    const a = service.extract(
      '<a href="https://p.example/?a=1&amp;b=2" data-service-protected="backlink">Tom &amp; Jerry</a>',
    );
    const b = service.extract(
      '<a href="https://p.example/?a=1&b=2" data-service-protected="backlink">Tom & Jerry</a>',
    );
    expect(a[0].canonical).toBe(b[0].canonical);
    expect(a[0].text).toBe('Tom & Jerry');
  });

  it('reports a marked block by the first link inside it', () => {
    const links = service.links(
      '<p data-service-protected="internal">Read <a href="/x">the X guide</a></p>',
    );
    expect(links).toEqual([{ type: 'internal', href: '/x', text: 'Read the X guide' }]);
  });

  it('finds nothing in a body without marked elements', () => {
    expect(service.links('<p>plain</p>')).toEqual([]);
  });
});

describe('ProtectedLinks: what counts as the same link', () => {
  const service = new ProtectedLinks();
  const article = 'https://acme.example/blog/boilers/bleeding';
  const same = (a: string, b: string, base = article) =>
    service.extract(a, base)[0].canonical === service.extract(b, base)[0].canonical;
  const link = (attributes: string, text = 'partner') =>
    `<a ${attributes} data-service-protected="backlink">${text}</a>`;

  it('compares hrefs as the WHATWG URL parser resolves them against the article', () => {
    expect(
      same(link('href="https://partner.example/a"'), link('href="HTTPS://Partner.Example/a"')),
    ).toBe(true);
    expect(
      same(link('href="https://partner.example/a"'), link('href=" https://partner.example/a\n"')),
    ).toBe(true);
    expect(same(link('href="../pricing"'), link('href="/blog/pricing"'))).toBe(true);
    expect(
      same(
        link('href="https://partner.example/a"'),
        link('href="https://partner.example/a\u00a0"'),
      ),
    ).toBe(false);
    expect(
      same(
        link('href="https://partner.example/a"'),
        link('href="\u00a0https://partner.example/a"'),
      ),
    ).toBe(false);
    expect(
      same(link('href="https://partner.example/a"'), link('href="https://partner.example/%61"')),
    ).toBe(false);
  });

  it('keeps relative links of an article without an address apart', () => {
    const base = undefined;
    expect(same(link('href="x"'), link('href="../x"'), base)).toBe(false);
    expect(same(link('href="x"'), link('href="/x"'), base)).toBe(false);
  });

  it('compares rel as a set of ASCII-whitespace-separated, ASCII-case-insensitive tokens', () => {
    expect(
      same(
        link('href="/x" rel="nofollow sponsored"'),
        link('href="/x" rel="SPONSORED\tnofollow nofollow"'),
      ),
    ).toBe(true);
    expect(same(link('href="/x" rel="nofollow"'), link('href="/x" rel="nofollow\u00a0"'))).toBe(
      false,
    );
    expect(
      same(
        link('href="/x" rel="nofollow sponsored"'),
        link('href="/x" rel="nofollow\u3000sponsored"'),
      ),
    ).toBe(false);
  });

  it('compares the marker and every other attribute exactly', () => {
    expect(
      same(link('href="/x"'), '<a href="/x" data-service-protected="backlink\u00a0">partner</a>'),
    ).toBe(false);
    expect(same(link('href="/x" title="A"'), link('href="/x" title="A "'))).toBe(false);
  });

  it('collapses ASCII whitespace in text, across tags, and nothing else', () => {
    expect(
      same(
        link('href="/x"', 'our  <b>trusted</b>\n partner'),
        link('href="/x"', 'our <b>trusted</b> partner'),
      ),
    ).toBe(true);
    expect(
      same(
        link('href="/x"', 'our <b>trusted</b> partner'),
        link('href="/x"', 'our<b> trusted </b>partner'),
      ),
    ).toBe(true);
    expect(
      same(
        link('href="/x"', 'our <b>trusted</b> partner'),
        link('href="/x"', 'our<b>trusted</b>partner'),
      ),
    ).toBe(false);
    for (const space of [
      '\u00a0',
      '\ufeff',
      '\u3000',
      '\u2028',
      '\u1680',
      '\u2009',
      '\u202f',
      '\u200b',
    ])
      expect(
        same(link('href="/x"', 'trusted partner'), link('href="/x"', `trusted${space}partner`)),
      ).toBe(false);
  });

  it('treats a marked element inside another as part of it', () => {
    const html =
      '<p data-service-protected="internal">Read <a href="/x" data-service-protected="backlink">X</a></p>';
    expect(service.links(html)).toEqual([{ type: 'internal', href: '/x', text: 'Read X' }]);
    const moved =
      '<p data-service-protected="internal">Read</p><a href="/x" data-service-protected="backlink">X</a>';
    expect(service.diff(html, moved).removed).toHaveLength(1);
  });
});
