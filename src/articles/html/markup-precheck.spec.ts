import { precheckMarkup } from './markup-precheck.js';

describe('precheckMarkup', () => {
  const nested = (depth: number, tag = 'b') =>
    `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

  it('passes a body nested up to the limit and stops at the first level past it', () => {
    expect(precheckMarkup(nested(16), 16)).toEqual({ tooDeep: false, unterminated: null });
    expect(precheckMarkup(nested(17), 16).tooDeep).toBe(true);
  });

  it('counts what stays open, not what is written: closed siblings and void elements do not add up', () => {
    expect(precheckMarkup('<p>a</p>'.repeat(1000), 16).tooDeep).toBe(false);
    expect(precheckMarkup(`<p>${'<br><img src=x>'.repeat(1000)}</p>`, 16).tooDeep).toBe(false);
    expect(precheckMarkup('<div>'.repeat(17), 16).tooDeep).toBe(true);
  });

  it('refuses the 333,000 nested tags that used to hold the server for a minute', () => {
    expect(precheckMarkup(nested(333_000), 256).tooDeep).toBe(true);
  });

  it.each([
    ['<p>hi</p><iframe src=javascript:alert(1)', '<iframe src=javascript:alert(1)'],
    ['<p>x</p><img src=x onerror=alert(1)', '<img src=x onerror=alert(1)'],
    ['<script', '<script'],
    ['text <a', '<a'],
    ['<p>x</p><a title="x>y', '<a title="x>y'],
    ["<a title='x", "<a title='x"],
    ['<br/', '<br/'],
    ['<b>x</b', '</b'],
    ['<p>x</p></b', '</b'],
  ])('finds the unterminated tag at the end of %p', (html, fragment) => {
    expect(precheckMarkup(html, 256)).toEqual({ tooDeep: false, unterminated: fragment });
  });

  it.each(['<p>ok</p>', 'a < b', 'x<', '<p>x', '<p>x</p>\n', '', 'x &amp', '<p title="a>b">x</p>'])(
    'finds nothing unterminated in %p',
    (html) => {
      expect(precheckMarkup(html, 256)).toEqual({ tooDeep: false, unterminated: null });
    },
  );
});
