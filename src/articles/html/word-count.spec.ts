import { countWords } from './word-count.js';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['<p></p>', 0],
    ['<p>Hello world</p>', 2],
    ['How to bleed a radiator', 5],
    ['<p>one</p><p>two</p>', 2],
    ['<h2>Title</h2>Text<br>after', 3],
    ['<li>first</li><li>second</li>', 2],
    ['<p><b>wo</b>rd and <a href="https://x.example/a-b-c">a link</a></p>', 4],
    ['<p>Don’t panic: it’s a well-known 3.5 bar fix!</p>', 8],
    ['<p>Caf&eacute; &amp; bar &mdash; open</p>', 3],
    ['<p>— … ! ?</p>', 0],
    ['<p>Straße über Ärger</p>', 3],
    ['<img src="a.jpg" alt="not counted"><p>seen</p>', 1],
    ['<p>before</p><script>var hidden = 1;</script><style>p{}</style><p>after</p>', 2],
    ['<p data-service-protected="backlink"><a href="https://p.example">Partner site</a></p>', 2],
    ['<p>unclosed <em>tags', 2],
  ])('%j has %i words', (html, expected) => {
    expect(countWords(html)).toBe(expected);
  });

  it('counts a long body in one pass', () => {
    expect(countWords('<p>word </p>'.repeat(50_000))).toBe(50_000);
  });
});
