import { addressTracker, clientBlock, counterKey, keyTracker } from './rate-limit-counters.js';

describe('rate-limit counters', () => {
  it('names one counter per key and per client address, whatever the route', () => {
    expect(counterKey(keyTracker(7))).toBe('rate:key:7');
    expect(counterKey(addressTracker('203.0.113.9'))).toBe('rate:address:203.0.113.9');
    expect(addressTracker(undefined)).toBe('address:unknown');
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s as %s', (address, block) => {
    expect(clientBlock(address)).toBe(block);
  });
});
