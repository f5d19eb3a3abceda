import { MemoryConcurrencySlots } from './memory-concurrency-slots.js';

describe('MemoryConcurrencySlots', () => {
  let now: number;
  let slots: MemoryConcurrencySlots;

  beforeEach(() => {
    now = 1_000_000;
    slots = new MemoryConcurrencySlots(() => now);
  });

  it('gives at most `limit` slots of a key, each key its own, and frees one on release', async () => {
    expect(await slots.acquire('k', 2, 60_000, 'a')).toBe(true);
    expect(await slots.acquire('k', 2, 60_000, 'b')).toBe(true);
    expect(await slots.acquire('k', 2, 60_000, 'c')).toBe(false);
    expect(await slots.acquire('other', 2, 60_000, 'd')).toBe(true);
    await slots.release('k', 'a');
    expect(await slots.acquire('k', 2, 60_000, 'c')).toBe(true);
  });

  it('frees a lease that was not renewed in time, keeps one that was', async () => {
    await slots.acquire('k', 2, 60_000, 'gone');
    await slots.acquire('k', 2, 60_000, 'alive');
    now += 40_000;
    await slots.renew('k', 60_000, 'alive');
    now += 30_000;
    expect(await slots.acquire('k', 2, 60_000, 'new')).toBe(true);
    expect(await slots.acquire('k', 2, 60_000, 'more')).toBe(false);
  });
});
