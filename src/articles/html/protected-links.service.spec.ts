import { ProtectedLinksService } from './protected-links.service.js';

describe('ProtectedLinksService.extract', () => {
  const service = new ProtectedLinksService();

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
