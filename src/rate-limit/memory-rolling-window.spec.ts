import { MemoryRollingWindow } from './memory-rolling-window.js';

const MINUTE = 60_000;

describe('MemoryRollingWindow', () => {
  let now: number;
  let window: MemoryRollingWindow;

  beforeEach(() => {
    now = 1_000_000;
    window = new MemoryRollingWindow(() => now);
  });

  async function hitTimes(key: string, times: number, limit: number) {
    const results = [];
    for (let i = 0; i < times; i++) results.push(await window.hit(key, MINUTE, limit));
    return results;
  }

  it('allows the limit within a minute and refuses the next, without counting it', async () => {
    const results = await hitTimes('a', 61, 60);
    expect(results.slice(0, 60).every((r) => r.allowed)).toBe(true);
    expect(results[59].count).toBe(60);
    expect(results[60]).toEqual({ count: 60, allowed: false, resetMs: MINUTE });
  });

  it('counts each key on its own', async () => {
    await hitTimes('a', 3, 3);
    expect((await window.hit('a', MINUTE, 3)).allowed).toBe(false);
    expect(await window.hit('b', MINUTE, 3)).toEqual({ count: 1, allowed: true, resetMs: MINUTE });
  });

  it('rolls: a place frees up when the oldest counted request is a minute old', async () => {
    await window.hit('a', MINUTE, 2);
    now += 20_000;
    await window.hit('a', MINUTE, 2);
    now += 30_000;
    expect(await window.hit('a', MINUTE, 2)).toEqual({ count: 2, allowed: false, resetMs: 10_000 });
    now += 10_000;
    expect(await window.hit('a', MINUTE, 2)).toEqual({ count: 2, allowed: true, resetMs: 20_000 });
  });

  it('does not let refused requests push the next free place further away', async () => {
    await hitTimes('a', 2, 2);
    now += 59_000;
    await hitTimes('a', 5, 2);
    now += 1_000;
    expect((await window.hit('a', MINUTE, 2)).allowed).toBe(true);
  });
});
