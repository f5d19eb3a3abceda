import { imageChanges, readerView } from './reader-text.js';

describe('readerView', () => {
  it('reads a body as its text, a block a line, entities decoded, markup gone', () => {
    const view = readerView(
      '<h2 id="a">Pipes &amp; drains</h2><p>Copper <strong>lasts</strong>\n  longer.</p>' +
        '<ul><li>One</li><li>Two</li></ul><p>Line<br>break</p>',
    );
    expect(view.text).toBe('Pipes & drains\nCopper lasts longer.\n• One\n• Two\nLine break');
  });

  it('keeps table cells of a row on one line and names images by their text', () => {
    const view = readerView(
      '<table><tr><th>Size</th><th>Use</th></tr><tr><td>15 mm</td><td>Taps</td></tr></table>' +
        '<p><img src="https://img.example/a.png" alt="A valve"> Open it.</p>',
    );
    expect(view.text).toBe('Size | Use\n15 mm | Taps\n[image: A valve] Open it.');
    expect(view.images).toEqual([{ src: 'https://img.example/a.png', alt: 'A valve' }]);
  });

  it('is the same for markup a reader cannot see', () => {
    expect(readerView('<p class="x"><span>Same</span> text</p>').text).toBe(
      readerView('<p>Same text</p>').text,
    );
  });
});

describe('imageChanges', () => {
  it('finds images added and removed by address and text, counting repeats', () => {
    const a = { src: '/a.png', alt: 'A' };
    const b = { src: '/b.png', alt: 'B' };
    const relabelled = { src: '/a.png', alt: 'A, relabelled' };
    expect(imageChanges([a, a, b], [a, relabelled])).toEqual({
      removed: [a, b],
      added: [relabelled],
    });
  });
});
