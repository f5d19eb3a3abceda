import { jsonDeeperThan } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text);

describe('jsonDeeperThan', () => {
  it('measures arrays and objects alike', () => {
    expect(jsonDeeperThan(bytes('[[{"a":[1]}]]'), 4)).toBe(false);
    expect(jsonDeeperThan(bytes('[[{"a":[[1]]}]]'), 4)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDeeperThan(bytes(`{"a":"[[[[\\"[[[["}`), 1)).toBe(false);
    expect(jsonDeeperThan(bytes(`{"a":"\\\\","b":[[1]]}`), 2)).toBe(true);
  });

  it('tells an escaped quote after escaped backslashes from a closing one', () => {
    // In the JSON text, \\\" is an escaped backslash, then an escaped quote: the string goes on.
    expect(jsonDeeperThan(bytes(`{"a":"\\\\\\"[[[["}`), 1)).toBe(false);
    // \\\\ is two escaped backslashes: the quote after them closes the string.
    expect(jsonDeeperThan(bytes(`{"a":"\\\\\\\\","b":[[1]]}`), 2)).toBe(true);
  });

  it('stops at a string that never closes', () => {
    expect(jsonDeeperThan(bytes(`{"a":"[[[[`), 1)).toBe(false);
  });

  it('counts depth, not the number of brackets', () => {
    expect(jsonDeeperThan(bytes('[1],'.repeat(10_000)), 1)).toBe(false);
  });
});
