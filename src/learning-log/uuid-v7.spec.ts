import { uuidV7 } from './uuid-v7.js';

describe('uuidV7', () => {
  it('is a version 7 UUID of the RFC 9562 variant, its first 48 bits the milliseconds given', () => {
    const now = Date.UTC(2026, 10, 23, 2, 30, 0, 123);
    const id = uuidV7(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('orders by time, and differs within one millisecond', () => {
    const ids = [uuidV7(1_000), uuidV7(1_000), uuidV7(1_001), uuidV7(2 ** 40)];
    expect(new Set(ids).size).toBe(4);
    expect(ids[2] > ids[0] && ids[2] > ids[1] && ids[3] > ids[2]).toBe(true);
  });
});
