import fc from 'fast-check';
import { HtmlSanitizer, SanitizeVerdict } from './html-sanitizer.js';

const sanitizer = new HtmlSanitizer();

function rejected(verdict: SanitizeVerdict): string[] {
  if (verdict.ok) throw new Error(`accepted as ${verdict.html}`);
  return verdict.violations.map((v) => {
    expect(v.field).toBe('body');
    return v.message;
  });
}

/**
 * Filter-evasion vectors in the style of OWASP's XSS cheat sheet, each with a
 * fragment the violations must mention, so that a vector refused for an
 * unrelated reason does not pass unnoticed.
 */
const XSS_VECTORS: Array<[string, string, string]> = [
  ['plain script', '<script>alert(1)</script>', '<script>'],
  ['mixed-case script', '<ScRiPt>alert(1)</sCrIpT>', '<script>'],
  ['external script', '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>', '<script>'],
  ['script split by a null', '<scr\u0000ipt>alert(1)</scr\u0000ipt>', 'not allowed'],
  ['image onerror', '<img src=x onerror=alert(1)>', 'onerror'],
  ['mixed-case handler', '<IMG SRC=x OnErRoR="alert(1)">', 'onerror'],
  ['slash instead of space', '<img/src="x"/onerror=alert(1)>', 'onerror'],
  ['svg onload', '<svg/onload=alert(1)>', '<svg>'],
  ['script inside svg', '<svg><script>alert(1)</script></svg>', '<script>'],
  ['svg xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', '<svg>'],
  ['handler on a paragraph', '<p/onclick=alert(1)>x</p>', 'onclick'],
  ['handler on an allowed link', '<a href="/x" onmouseover="alert(1)">x</a>', 'onmouseover'],
  ['details ontoggle', '<details open ontoggle=alert(1)>', '<details>'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', 'javascript:'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', 'javascript:'],
  ['tab entity in scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>', 'javascript:'],
  ['named tab entity in scheme', '<a href="javas&Tab;cript:alert(1)">x</a>', 'javascript:'],
  ['newline entity in scheme', '<a href="jav&#x0A;ascript:alert(1)">x</a>', 'javascript:'],
  ['literal tab in scheme', '<a href="jav\tascript:alert(1)">x</a>', 'javascript:'],
  ['literal newline in scheme', '<a href="java\nscript:alert(1)">x</a>', 'javascript:'],
  ['null in scheme', '<a href="java\u0000script:alert(1)">x</a>', 'javascript:'],
  [
    'decimal entities',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    'javascript:',
  ],
  [
    'padded decimal entities without semicolons',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    'javascript:',
  ],
  [
    'hex entities',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    'javascript:',
  ],
  ['&colon; entity', '<a href="javascript&colon;alert(1)">x</a>', 'javascript:'],
  ['leading space', '<a href=" javascript:alert(1)">x</a>', 'javascript:'],
  ['leading control character', '<a href="&#14;  javascript:alert(1)">x</a>', 'javascript:'],
  ['unquoted value', '<a href=javascript:alert(1)>x</a>', 'javascript:'],
  ['vbscript', '<a href="vbscript:msgbox(1)">x</a>', 'vbscript:'],
  [
    'data: html link',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    'data:',
  ],
  ['data: svg image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', 'data:'],
  ['javascript: image', '<img src="javascript:alert(1)">', 'javascript:'],
  ['srcset', '<img src="https://a.example/x.png" srcset="javascript:alert(1) 1x">', 'srcset'],
  ['iframe', '<iframe src="https://evil.example"></iframe>', '<iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', '<iframe>'],
  ['object', '<object data="https://evil.example/x.swf"></object>', '<object>'],
  [
    'scriptlet object',
    '<object type="text/x-scriptlet" data="https://e.example/x"></object>',
    '<object>',
  ],
  ['embed', '<embed src="https://evil.example/x.swf">', '<embed>'],
  ['style element', '<style>body{background:url(javascript:alert(1))}</style>', '<style>'],
  ['style url(javascript:)', '<p style="background:url(javascript:alert(1))">x</p>', 'style'],
  ['style expression()', '<p style="width: expression(alert(1))">x</p>', 'style'],
  ['obfuscated expression', '<img src="x.png" style="xss:expr/*XSS*/ession(alert(1))">', 'style'],
  ['form', '<form action="https://evil.example"><input type=submit></form>', '<form>'],
  ['formaction', '<button formaction="javascript:alert(1)">x</button>', '<button>'],
  ['input autofocus', '<input autofocus onfocus=alert(1)>', '<input>'],
  ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<math>'],
  ['doubled bracket', '<<script>script>alert(1)//<</script>', '<script>'],
  ['nested split tag', '<scr<script>ipt>alert(1)</script>', 'not allowed'],
  ['script in a comment', '<!--<script>alert(1)</script>-->', 'comments'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->', 'comments'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>', 'not allowed'],
  ['closing a bogus quote', '<img """><script>alert(1)</script>">', '<script>'],
  [
    'noscript breakout',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<noscript>',
  ],
  ['xmp', '<xmp><script>alert(1)</script></xmp>', '<xmp>'],
  ['textarea', '<textarea><script>alert(1)</script></textarea>', '<textarea>'],
  ['title', '<title><script>alert(1)</script></title>', '<title>'],
  ['base', '<base href="javascript:alert(1)//">', '<base>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', '<meta>'],
  ['link stylesheet', '<link rel=stylesheet href="https://evil.example/x.css">', '<link>'],
  ['body onload', '<body onload=alert(1)>', '<body>'],
  [
    'table background',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    'background',
  ],
  ['video source onerror', '<video><source onerror=alert(1)></video>', '<video>'],
  ['marquee', '<marquee onstart=alert(1)>x</marquee>', '<marquee>'],
  ['doctype', '<!DOCTYPE html><p>x</p>', 'declarations'],
  ['processing instruction', '<?xml version="1.0"?><p>x</p>', 'not allowed'],
  ['unknown target', '<a href="/x" target="javascript:alert(1)">x</a>', 'target'],
  [
    'script inside an allowed element',
    '<p>fine <strong>text<script>alert(1)</script></strong></p>',
    '<script>',
  ],
];

describe('HtmlSanitizer: filter-evasion vectors', () => {
  it.each(XSS_VECTORS)('rejects %s', (_name, html, mentioned) => {
    const messages = rejected(sanitizer.review(html));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toContain(mentioned);
  });

  it.each(XSS_VECTORS)('rejects %s surrounded by legitimate content', (_name, html) => {
    expect(sanitizer.review(`<h2>Intro</h2><p>Hello</p>${html}<p>Bye</p>`).ok).toBe(false);
  });

  it('names each distinct violation once', () => {
    const messages = rejected(
      sanitizer.review(
        '<script>a</script><script>b</script><img src=x onerror=alert(1)><a href="javascript:x">y</a>',
      ),
    );
    expect(messages).toEqual([
      'element <script> is not allowed',
      'event-handler attribute onerror on <img> is not allowed',
      'javascript: URL in <a href> is not allowed',
    ]);
  });
});

/** What the editor produces: all of it is accepted and stored as the sanitiser writes it. */
const EDITOR_HTML: Array<[string, string]> = [
  [
    'headings and paragraphs',
    '<h1>Title</h1><h2 id="why">Why</h2><p>Text <strong>bold</strong> <em>it</em></p>',
  ],
  [
    'all emphasis',
    '<p><b>b</b><i>i</i><u>u</u><s>s</s><del>d</del><ins>n</ins><mark>m</mark><small>s</small>H<sub>2</sub>O x<sup>2</sup></p>',
  ],
  [
    'lists',
    '<ul><li>one</li><li>two<ol start="3" type="a"><li value="3">nested</li></ol></li></ul>',
  ],
  ['definition list', '<dl><dt>Term</dt><dd>Definition</dd></dl>'],
  [
    'links with rel and target',
    '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank" title="A">a</a> <a href="/relative">r</a> <a href="#section">f</a> <a href="mailto:x@example.com">m</a> <a href="tel:+441234">t</a> <a href="//cdn.example/x">p</a></p>',
  ],
  [
    'protected links',
    '<p>See <a href="https://partner.example/" data-service-protected="backlink" rel="sponsored">partner</a> and <a href="/guides/x" data-service-protected="internal">guide</a>.</p>',
  ],
  ['quotes', '<blockquote><p>Quoted <q>inline</q></p><cite>Someone</cite></blockquote>'],
  [
    'code',
    '<pre class="language-js"><code class="language-js">const a = 1 &lt; 2;\n</code></pre><p><code>x</code> <kbd>Ctrl</kbd> <samp>out</samp></p>',
  ],
  [
    'tables',
    '<table><caption>Prices</caption><colgroup><col span="2"></colgroup><thead><tr><th scope="col">A</th><th colspan="2">B</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td></tr></tbody><tfoot><tr><td>t</td></tr></tfoot></table>',
  ],
  [
    'figures and images',
    '<figure><img src="https://cdn.example/a.jpg" alt="A radiator" width="640" height="480" loading="lazy"><figcaption>A <em>radiator</em></figcaption></figure><p><img src="http://cdn.example/b.png" alt=""></p>',
  ],
  ['line breaks and rules', '<p>one<br>two<br/>three</p><hr>'],
  [
    'entities and unicode',
    '<p>Tom &amp; Jerry &lt;3 &copy; caf\u00e9 \u2014 \u65e5\u672c&nbsp;x</p>',
  ],
  ['divs and spans with language', '<div lang="fr" dir="ltr"><span title="t">Bonjour</span></div>'],
  ['plain text', 'Just some words'],
];

describe('HtmlSanitizer: editor HTML', () => {
  it.each(EDITOR_HTML)('accepts %s and stores the sanitiser’s serialisation', (_name, html) => {
    const verdict = sanitizer.review(html);
    expect(verdict).toEqual({ ok: true, html: sanitizer.spelling(html) });
  });

  it.each(EDITOR_HTML)('keeps every element and attribute of %s', (_name, html) => {
    const verdict = sanitizer.review(html);
    if (!verdict.ok) throw new Error('rejected');
    expect(sanitizer.review(verdict.html)).toEqual({ ok: true, html: verdict.html });
  });

  it('normalises spelling: quotes, case, entities and void elements', () => {
    expect(sanitizer.review("<P><A HREF=/x TITLE='a\"b'>x &amp; y</A><BR></P>")).toEqual({
      ok: true,
      html: '<p><a href="/x" title="a&quot;b">x &amp; y</a><br /></p>',
    });
  });

  it('refuses, rather than stores, a body its serialisation would alter', () => {
    // sanitize-html reads a comment inside a URL's scheme and drops the link; the review does not.
    const html = '<p><a href="java<!-- -->script:alert(1)">x</a></p>';
    expect(sanitizer.review(html)).toEqual({
      ok: false,
      violations: [
        { field: 'body', message: 'contains markup the editor cannot store as written' },
      ],
    });
  });

  it('rejects NUL characters, which PostgreSQL text cannot hold', () => {
    expect(rejected(sanitizer.review('<p>a\u0000b</p>'))).toEqual([
      'NUL characters are not allowed',
    ]);
  });

  it('closes unclosed elements', () => {
    expect(sanitizer.review('<p><strong>bold')).toEqual({
      ok: true,
      html: '<p><strong>bold</strong></p>',
    });
  });
});

describe('HtmlSanitizer: properties', () => {
  const text = fc.stringMatching(/^[A-Za-z0-9 .,&<>"']{0,20}$/);
  const leaf = text.map((t) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  );
  const inline = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(
          fc.constantFrom('strong', 'em', 'code', 'span', 'mark'),
          fc.array(tie('node'), { maxLength: 3 }),
        )
        .map(([tag, children]) => `<${tag}>${children.join('')}</${tag}>`),
      fc
        .tuple(fc.webUrl(), fc.array(tie('node'), { maxLength: 2 }))
        .map(
          ([href, children]) =>
            `<a href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${children.join('')}</a>`,
        ),
    ),
  })).node;
  const block = fc
    .tuple(fc.constantFrom('p', 'h2', 'blockquote', 'li'), fc.array(inline, { maxLength: 4 }))
    .map(([tag, children]) =>
      tag === 'li'
        ? `<ul><li>${children.join('')}</li></ul>`
        : `<${tag}>${children.join('')}</${tag}>`,
    );

  it('accepts any document built from allowed elements, and its serialisation is stable', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 6 }), (blocks) => {
        const verdict = sanitizer.review(blocks.join('\n'));
        if (!verdict.ok) throw new Error(JSON.stringify(verdict.violations));
        expect(sanitizer.review(verdict.html)).toEqual(verdict);
      }),
    );
  });

  it('rejects any allowed document with a disallowed element inserted anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          '<script>x</script>',
          '<iframe></iframe>',
          '<img src=x onerror=y>',
          '<style></style>',
        ),
        fc.nat(),
        (blocks, evil, at) => {
          const html = blocks.join('');
          const cuts = [0, ...[...html.matchAll(/>/g)].map((m) => m.index + 1)];
          const position = cuts[at % cuts.length];
          const spliced = html.slice(0, position) + evil + html.slice(position);
          expect(sanitizer.review(spliced).ok).toBe(false);
        },
      ),
    );
  });
});

describe('HtmlSanitizer: what parsers drop silently is refused, not stripped', () => {
  /** Bodies ending inside a tag: every parser, browsers included, drops the tag. */
  const UNTERMINATED = [
    '<iframe src=javascript:alert(1)',
    '<img src=x onerror=alert(1)',
    '<script',
    '<script src=https://xss.example/x.js',
    '<svg onload=alert(1)',
    '<body onload=alert(1)',
    '<a href="javascript:alert(1)"',
    "<a href='javascript:alert(1)",
    '<img src="x" onerror="alert(1)',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"',
    '<object data=https://evil.example/x.swf',
    '<embed src=https://evil.example/x.swf',
    '<input autofocus onfocus=alert(1)',
    '<details open ontoggle=alert(1)',
    '<br/',
  ];

  it.each(UNTERMINATED)('refuses a body ending with %p, naming it', (payload) => {
    const messages = rejected(sanitizer.review(`<p>Hello</p>${payload}`));
    expect(messages).toContain(`ends inside an unterminated tag: ${payload}`);
  });

  it('refuses an unterminated closing tag too, as the parser drops it', () => {
    expect(rejected(sanitizer.review('<p>a <b>bold</b'))).toEqual([
      'ends inside an unterminated tag: </b',
    ]);
  });

  it('refuses elements nested past the limit, naming the limit, before reading any further', () => {
    const limited = new HtmlSanitizer({ maxNesting: 16 });
    const deep = `${'<b>'.repeat(17)}x${'</b>'.repeat(17)}<script>x</script>`;
    expect(limited.review(deep)).toEqual({
      ok: false,
      violations: [{ field: 'body', message: 'elements are nested more than 16 levels deep' }],
      limit: 16,
    });
    expect(limited.review(`${'<b>'.repeat(16)}x${'</b>'.repeat(16)}`).ok).toBe(true);
  });

  it('reads what one parser nests and another would not within the limit: <a> in <a>, headings', () => {
    for (const tag of ['a', 'h2']) {
      const verdict = sanitizer.review(`<${tag}>x`.repeat(20_000));
      expect(verdict.ok).toBe(true);
    }
  });
});

describe('HtmlSanitizer: keywords and schemes as a browser reads them', () => {
  it('compares keywords ASCII-case-insensitively and trims nothing', () => {
    expect(sanitizer.review('<a href="/x" target="_BLANK">x</a>').ok).toBe(true);
    for (const target of ['_blank\u00a0', '\u00a0_blank', ' _blank', '_blanK\u212a'])
      expect(rejected(sanitizer.review(`<a href="/x" target="${target}">x</a>`))).toEqual([
        `target="${target}" on <a> is not allowed`,
      ]);
  });

  it('takes the scheme from the WHATWG URL parser', () => {
    expect(rejected(sanitizer.review('<a href="\u0001java\tscript:alert(1)">x</a>'))).toEqual([
      'javascript: URL in <a href> is not allowed',
    ]);
    // Not a scheme to a browser: a relative link to "%C2%A0javascript:…".
    expect(sanitizer.review('<a href="\u00a0javascript:alert(1)">x</a>').ok).toBe(true);
  });
});

describe('HtmlSanitizer: protected elements keep their attributes as stored', () => {
  it('accepts attributes outside the allow-list on a marked element and inside it, and stores them', () => {
    const html =
      '<p><a class="btn" style="color:red" href="https://p.example/" data-service-protected="backlink"><span class="icon">P</span></a></p>';
    expect(sanitizer.review(html)).toEqual({ ok: true, html });
  });

  it('still refuses the same attributes on unmarked elements', () => {
    expect(rejected(sanitizer.review('<p><a class="btn" href="/x">x</a></p>'))).toEqual([
      'attribute class on <a> is not allowed',
    ]);
  });

  it('never accepts event handlers or disallowed schemes, marked or not', () => {
    expect(
      rejected(
        sanitizer.review(
          '<a data-service-protected="backlink" href="javascript:x" onclick="y">p</a>',
        ),
      ),
    ).toEqual([
      'javascript: URL in <a href> is not allowed',
      'event-handler attribute onclick on <a> is not allowed',
    ]);
  });
});
