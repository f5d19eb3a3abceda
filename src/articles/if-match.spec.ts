import { ifMatchAllows } from './if-match.js';

describe('ifMatchAllows', () => {
  const current = '"abc123"';

  it.each([
    [undefined, true],
    ['"abc123"', true],
    ['*', true],
    [' * ', true],
    ['"old", "abc123"', true],
    ['"old"', false],
    ['W/"abc123"', false],
    ['abc123', false],
    ['', false],
    ['"abc1234"', false],
  ])('If-Match %p → %p', (header, allowed) => {
    expect(ifMatchAllows(header, current)).toBe(allowed);
  });
});
