import {
  addressTracker,
  clientBlock,
  connectionTracker,
  counterKey,
  credentialTracker,
  keyTracker,
} from './rate-limit-counters.js';

describe('rate-limit counters', () => {
  it('names one counter per key and per client address, whatever the route', () => {
    expect(counterKey(keyTracker(7))).toBe('rate:{key:7}');
    expect(counterKey(addressTracker('203.0.113.9'))).toBe('rate:{address:203.0.113.9}');
    expect(addressTracker(undefined)).toBe('{address:unknown}');
  });

  it("tags every counter of one key, one connection or one address with it, for Redis Cluster's slots", () => {
    const hashTag = (key: string) => /\{([^}]+)\}/.exec(key)?.[1];
    expect(hashTag(counterKey(keyTracker(7)))).toBe('key:7');
    expect(hashTag(counterKey(`mcp-protocol:${keyTracker(7)}`))).toBe('key:7');
    expect(hashTag(counterKey(connectionTracker(3)))).toBe('connection:3');
    expect(hashTag(counterKey(`oauth-registration:${addressTracker('2001:db8::1')}`))).toBe(
      'address:2001:db8:0:0::/64',
    );
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

describe('credentialTracker', () => {
  it("counts a key's calls on the key, a connection's on the connection", () => {
    expect(credentialTracker({ keyId: 7, connectionId: null })).toBe('{key:7}');
    expect(credentialTracker({ keyId: null, connectionId: 3 })).toBe('{connection:3}');
    expect(credentialTracker({ keyId: null, connectionId: null })).toBeNull();
    expect(credentialTracker(undefined)).toBeNull();
  });
});
