import { isPublicAddress } from './public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:0:127.0.0.1',
    '::ffff:0:8.8.8.8',
    '0:0:0:0:0:ffff:10.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::8.8.8.8',
    '2002:7f00:1::1',
    '2002:a00:1::',
    'fec0::1',
    '3fff::1',
    '5f00::1',
    '192.0.2.10',
    '2001:db8::1',
    'not an address',
  ])('refuses %p', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])(
    'accepts %p',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
