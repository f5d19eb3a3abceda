import { featuredImageUrl } from './featured-image-url.js';

describe('featuredImageUrl', () => {
  it.each([
    ['https://cdn.example/radiator.jpg', 'https://cdn.example/radiator.jpg'],
    ['http://cdn.example/a/b.png?size=large&v=2#x', 'http://cdn.example/a/b.png?size=large&v=2#x'],
    ['HTTPS://CDN.EXAMPLE/A.JPG', 'https://cdn.example/A.JPG'],
    ['https://例え.jp/画像.png', 'https://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png'],
    [
      'https://x.example/"><script>alert(1)</script>',
      'https://x.example/%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    ],
    ["https://x.example/?q='x'&a=<b>", 'https://x.example/?q=%27x%27&a=%3Cb%3E'],
    ['https://cdn.example:443/a/../b.jpg', 'https://cdn.example/b.jpg'],
    ['https://8.8.8.8/a.jpg', 'https://8.8.8.8/a.jpg'],
    ['https://[2606:4700::6810:84e5]/a.jpg', 'https://[2606:4700::6810:84e5]/a.jpg'],
    [
      `https://cdn.example/${'a'.repeat(2048 - 'https://cdn.example/'.length)}`,
      `https://cdn.example/${'a'.repeat(2048 - 'https://cdn.example/'.length)}`,
    ],
  ])('accepts %s, stored as %s', (url, stored) => {
    expect(featuredImageUrl(url)).toEqual({ url: stored });
  });

  const ABSOLUTE = 'must be an absolute http or https URL';
  const PUBLIC =
    'must point to a public host (loopback, private, link-local and local names are refused)';

  it.each([
    ['', ABSOLUTE],
    ['cdn.example/a.jpg', ABSOLUTE],
    ['/images/a.jpg', ABSOLUTE],
    ['ftp://cdn.example/a.jpg', ABSOLUTE],
    ['javascript:alert(1)', ABSOLUTE],
    ['data:image/png;base64,iVBORw0KGgo=', ABSOLUTE],
    ['http:cdn.example/a.jpg', ABSOLUTE],
    ['https://', ABSOLUTE],
    [' https://cdn.example/a.jpg', 'must not contain spaces or control characters'],
    ['https://cdn.example/a b.jpg', 'must not contain spaces or control characters'],
    ['https://cdn.example/a\u0000.jpg', 'must not contain spaces or control characters'],
    ['https://user:secret@cdn.example/a.jpg', 'must not contain credentials'],
    ['https://user@cdn.example/a.jpg', 'must not contain credentials'],
    ['https://:secret@cdn.example/a.jpg', 'must not contain credentials'],
    ['http://127.0.0.1/a.jpg', PUBLIC],
    ['http://127.1/a.jpg', PUBLIC],
    ['http://2130706433/a.jpg', PUBLIC],
    ['http://0x7f000001/a.jpg', PUBLIC],
    ['http://0.0.0.0/a.jpg', PUBLIC],
    ['http://10.0.0.1/a.jpg', PUBLIC],
    ['http://172.16.5.4/a.jpg', PUBLIC],
    ['http://192.168.1.1/a.jpg', PUBLIC],
    ['http://169.254.169.254/latest/meta-data/', PUBLIC],
    ['http://100.64.0.1/a.jpg', PUBLIC],
    ['http://224.0.0.1/a.jpg', PUBLIC],
    ['http://[::1]/a.jpg', PUBLIC],
    ['http://[::]/a.jpg', PUBLIC],
    ['http://[::ffff:127.0.0.1]/a.jpg', PUBLIC],
    ['http://[fd00::1]/a.jpg', PUBLIC],
    ['http://[fe80::1]/a.jpg', PUBLIC],
    ['http://[::ffff:7f00:1]/a.jpg', PUBLIC],
    ['http://198.51.100.7/a.jpg', PUBLIC],
    ['http://[2001:db8::1]/a.jpg', PUBLIC],
    ['http://localhost/a.jpg', PUBLIC],
    ['http://images.localhost/a.jpg', PUBLIC],
    ['http://metadata.google.internal/x', PUBLIC],
    ['http://cdn/a.jpg', PUBLIC],
  ])('refuses %p', (url, problem) => {
    expect(featuredImageUrl(url)).toEqual({ problem });
  });

  it('refuses a URL over 2,048 characters, as given or as stored, with the limit', () => {
    const long = `https://cdn.example/${'a'.repeat(2049 - 'https://cdn.example/'.length)}`;
    const problem = { problem: 'must be at most 2048 characters', limit: 2048 };
    expect(featuredImageUrl(long)).toEqual(problem);
    expect(featuredImageUrl(`https://cdn.example/${'"'.repeat(700)}`)).toEqual({
      problem: 'must be at most 2048 characters once percent-encoded',
      limit: 2048,
    });
  });
});
