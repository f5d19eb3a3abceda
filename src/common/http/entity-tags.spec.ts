import { ifMatchAllows, noneMatchHits, parseEntityTags } from './entity-tags.js';

describe('parseEntityTags', () => {
  it.each([
    ['*', { any: true }],
    [' * ', { any: true }],
    ['"abc"', { any: false, tags: [{ weak: false, opaque: '"abc"' }] }],
    ['W/"abc"', { any: false, tags: [{ weak: true, opaque: '"abc"' }] }],
    [
      '"a", W/"b" ,"c"',
      {
        any: false,
        tags: [
          { weak: false, opaque: '"a"' },
          { weak: true, opaque: '"b"' },
          { weak: false, opaque: '"c"' },
        ],
      },
    ],
    ['"a,b"', { any: false, tags: [{ weak: false, opaque: '"a,b"' }] }],
    [
      ', "a",, "b" ,',
      { any: false, tags: expect.arrayContaining([{ weak: false, opaque: '"b"' }]) },
    ],
    ['""', { any: false, tags: [{ weak: false, opaque: '""' }] }],
  ])('reads %p', (header, list) => {
    expect(parseEntityTags(header)).toEqual(list);
  });

  it.each([
    'abc',
    '',
    ' ',
    ',',
    '"abc',
    'abc"',
    '"a" "b"',
    'w/"a"',
    'W/ "a"',
    '"a b"',
    '*, "a"',
    '"a"x',
  ])('finds %p malformed', (header) => {
    expect(parseEntityTags(header)).toBeUndefined();
  });
});

describe('comparison', () => {
  const current = '"abc123"';

  it.each([
    [undefined, true],
    ['"abc123"', true],
    ['*', true],
    ['"old", "abc123"', true],
    ['"old"', false],
    ['W/"abc123"', false],
    ['abc123', false],
  ])('If-Match %p allows the write: %p (strong comparison)', (header, allowed) => {
    expect(ifMatchAllows(header, current)).toBe(allowed);
  });

  it.each([
    [undefined, false],
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"old", W/"abc123"', true],
    ['*', true],
    ['"old"', false],
    ['abc123', false],
  ])('If-None-Match %p hits: %p (weak comparison)', (header, hits) => {
    expect(noneMatchHits(header, current)).toBe(hits);
  });
});
