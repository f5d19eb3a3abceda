import { checkLogo, MAX_LOGO_BYTES, sanitizeSvg } from './logo-check.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('checkLogo', () => {
  it('takes a PNG as it is', async () => {
    expect(await checkLogo(PNG_1x1)).toEqual({
      kind: 'logo',
      mediaType: 'image/png',
      bytes: PNG_1x1,
    });
  });

  it('takes an SVG, sanitised: no script, handler, outside reference or style sheet', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" onload="alert(1)">
  <script>alert(2)</script><style>rect { fill: url(https://evil.example/x) }</style>
  <linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient>
  <rect width="20" height="10" fill="url(#g)" style="stroke:red;background:url(https://evil.example/y)"/>
  <use href="#g"/><use xlink:href="https://evil.example/z.svg#a"/>
  <foreignObject><div>html</div></foreignObject><image href="data:image/png;base64,AAAA"/>
  <text x="1" y="8" font-family="Arial">Acme</text>
</svg>`;
    const verdict = await checkLogo(Buffer.from(svg));
    expect(verdict.kind).toBe('logo');
    if (verdict.kind !== 'logo') return;
    const clean = verdict.bytes.toString('utf8');
    expect(verdict.mediaType).toBe('image/svg+xml');
    expect(clean).toMatch(/^<svg /);
    expect(clean).toContain('viewBox="0 0 20 10"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('<use href="#g"></use>');
    expect(clean).toContain('style="stroke:red"');
    expect(clean).toContain('>Acme</text>');
    for (const gone of [
      'onload',
      'script',
      'alert',
      'evil.example',
      'foreignObject',
      'html',
      '<image',
      '<style',
    ]) {
      expect(clean).not.toContain(gone);
    }
  });

  it('refuses anything else, saying what it takes', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect(await checkLogo(jpeg)).toEqual({
      kind: 'refused',
      reason: 'The logo must be a PNG or an SVG image; this file is image/jpeg.',
    });
    expect(await checkLogo(Buffer.from('<html><body>hi</body></html>'))).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('must be a PNG or an SVG image') as string,
    });
    expect(await checkLogo(Buffer.alloc(0))).toEqual({
      kind: 'refused',
      reason: 'The logo file is empty.',
    });
  });

  it('refuses a logo over 512 KB', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(MAX_LOGO_BYTES)]);
    expect(await checkLogo(big)).toEqual({
      kind: 'refused',
      reason: 'The logo is 513 KB; it may be at most 512 KB.',
    });
  });

  it('refuses an SVG with nothing left once made safe', async () => {
    expect(await checkLogo(Buffer.from('<svg><script>alert(1)</script>'))).toMatchObject({
      kind: 'refused',
    });
    expect(sanitizeSvg('<svg><foreignObject><b>x</b></foreignObject></svg>')).toBe('<svg></svg>');
  });
});
