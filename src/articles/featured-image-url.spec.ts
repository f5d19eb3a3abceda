import { urlProblem } from './featured-image-url.js';

describe('urlProblem', () => {
  it.each([
    'https://cdn.example/radiator.jpg',
    'http://cdn.example/a/b.png?size=large&v=2#x',
    'HTTPS://CDN.EXAMPLE/A.JPG',
    'https://例え.jp/画像.png',
    `https://cdn.example/${'a'.repeat(2048 - 'https://cdn.example/'.length)}`,
  ])('accepts %s', (url) => {
    expect(urlProblem(url)).toBeUndefined();
  });

  it.each([
    ['', 'must be an absolute http or https URL'],
    ['cdn.example/a.jpg', 'must be an absolute http or https URL'],
    ['/images/a.jpg', 'must be an absolute http or https URL'],
    ['ftp://cdn.example/a.jpg', 'must be an absolute http or https URL'],
    ['javascript:alert(1)', 'must be an absolute http or https URL'],
    ['data:image/png;base64,iVBORw0KGgo=', 'must be an absolute http or https URL'],
    ['http:cdn.example/a.jpg', 'must be an absolute http or https URL'],
    ['https://', 'must be an absolute http or https URL'],
    [' https://cdn.example/a.jpg', 'must not contain spaces or control characters'],
    ['https://cdn.example/a b.jpg', 'must not contain spaces or control characters'],
    ['https://cdn.example/a\u0000.jpg', 'must not contain spaces or control characters'],
  ])('rejects %p', (url, problem) => {
    expect(urlProblem(url)).toEqual({ problem });
  });

  it('rejects a URL over 2,048 characters with the limit', () => {
    const url = `https://cdn.example/${'a'.repeat(2049 - 'https://cdn.example/'.length)}`;
    expect(urlProblem(url)).toEqual({ problem: 'must be at most 2048 characters', limit: 2048 });
  });
});
