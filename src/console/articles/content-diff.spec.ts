import { bodyDiff, bodyLines, textDiff } from './content-diff.js';

describe('bodyLines', () => {
  it('puts each block on a line of its own', () => {
    expect(bodyLines('<h2>Title</h2><p>One<br>two</p><ul><li>a</li><li>b</li></ul>')).toBe(
      '<h2>Title</h2>\n<p>One<br>\ntwo</p>\n<ul><li>a</li>\n<li>b</li>\n</ul>',
    );
  });
});

describe('bodyDiff', () => {
  const paragraphs = (words: string[]) => words.map((w) => `<p>${w}</p>`).join('');

  it('marks the words changed within an edited line', () => {
    const diff = bodyDiff('<p>The quick fox</p>', '<p>The slow fox</p>');
    expect(diff).toEqual([
      {
        kind: 'del',
        segments: [{ text: '<p>The ' }, { text: 'quick', change: 'del' }, { text: ' fox</p>' }],
      },
      {
        kind: 'ins',
        segments: [{ text: '<p>The ' }, { text: 'slow', change: 'ins' }, { text: ' fox</p>' }],
      },
    ]);
  });

  it('shows added and removed lines and folds unchanged ones far from a change', () => {
    const before = paragraphs(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    const after = paragraphs(['a', 'b', 'c', 'd', 'e', 'NEW', 'f', 'g', 'h', 'i', 'j']);
    expect(bodyDiff(before, after)).toEqual([
      { kind: 'gap', hidden: 3 },
      { kind: 'same', segments: [{ text: '<p>d</p>' }] },
      { kind: 'same', segments: [{ text: '<p>e</p>' }] },
      { kind: 'ins', segments: [{ text: '<p>NEW</p>' }] },
      { kind: 'same', segments: [{ text: '<p>f</p>' }] },
      { kind: 'same', segments: [{ text: '<p>g</p>' }] },
      { kind: 'gap', hidden: 3 },
    ]);
  });

  it('is empty of changes when the bodies are the same', () => {
    expect(bodyDiff('<p>x</p><p>y</p>', '<p>x</p><p>y</p>')).toEqual([{ kind: 'gap', hidden: 2 }]);
  });
});

describe('textDiff', () => {
  it('marks a replaced phrase as one change, not word by word', () => {
    expect(textDiff('A sharper title for winter', 'Is it worth it? An answer')).toEqual({
      before: [{ text: 'A sharper title for winter', change: 'del' }],
      after: [{ text: 'Is it worth it? An answer', change: 'ins' }],
    });
  });

  it('marks changed words on each side', () => {
    expect(textDiff('How to bleed a radiator', 'How to bleed any radiator')).toEqual({
      before: [{ text: 'How to bleed ' }, { text: 'a', change: 'del' }, { text: ' radiator' }],
      after: [{ text: 'How to bleed ' }, { text: 'any', change: 'ins' }, { text: ' radiator' }],
    });
  });
});
