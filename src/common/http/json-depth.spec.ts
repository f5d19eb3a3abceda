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

  it('counts depth, not the number of brackets', () => {
    expect(jsonDeeperThan(bytes('[1],'.repeat(10_000)), 1)).toBe(false);
  });
});
