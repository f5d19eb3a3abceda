import { PrimaryWalTimeline } from './primary-wal-timeline.js';
import { walPosition } from './wal-position.js';

describe('walPosition', () => {
  it('orders positions by their high, then their low half', () => {
    expect(walPosition('0/3000060')).toBe(0x3000060n);
    expect(walPosition('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
  });

  it('refuses what is not a position', () => {
    expect(() => walPosition('')).toThrow('Not a WAL position');
    expect(() => walPosition('0/3000060/1')).toThrow('Not a WAL position');
  });
});

describe('PrimaryWalTimeline', () => {
  it('dates a replica by the latest primary position it has replayed', () => {
    const timeline = new PrimaryWalTimeline(60_000);
    timeline.record(1_000, 100n);
    timeline.record(2_000, 100n);
    timeline.record(3_000, 250n);
    timeline.record(4_000, 300n);
    expect(timeline.freshAsOf(300n)).toBe(4_000);
    expect(timeline.freshAsOf(299n)).toBe(3_000);
    expect(timeline.freshAsOf(249n)).toBe(2_000);
    expect(timeline.freshAsOf(100n)).toBe(2_000);
  });

  it('keeps a replica of an idle primary fresh: the position has not moved', () => {
    const timeline = new PrimaryWalTimeline(60_000);
    for (let at = 1_000; at <= 30_000; at += 1_000) timeline.record(at, 500n);
    expect(timeline.freshAsOf(500n)).toBe(30_000);
  });

  it('knows nothing of a replica behind every sample kept', () => {
    const timeline = new PrimaryWalTimeline(10_000);
    timeline.record(1_000, 100n);
    timeline.record(5_000, 200n);
    timeline.record(20_000, 300n);
    expect(timeline.freshAsOf(150n)).toBeUndefined();
    expect(timeline.freshAsOf(99n)).toBeUndefined();
  });
});
