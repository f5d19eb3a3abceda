import { avifImage, gifImage, jpegImage, pngImage, webpImage } from '../../test/support/images.js';
import { inspectImage } from './image-inspector.js';

const IMAGES: Array<[string, Buffer, string, string]> = [
  ['PNG', pngImage(), 'image/png', 'png'],
  ['JPEG', jpegImage(), 'image/jpeg', 'jpg'],
  ['GIF', gifImage(), 'image/gif', 'gif'],
  ['lossless WebP', webpImage('lossless'), 'image/webp', 'webp'],
  ['lossy WebP', webpImage('lossy'), 'image/webp', 'webp'],
  ['AVIF', avifImage(), 'image/avif', 'avif'],
];

describe('inspectImage', () => {
  it.each(IMAGES)('recognises a sound %s from its bytes', async (_name, bytes, mime, extension) => {
    const verdict = await inspectImage(bytes);
    expect(verdict).toEqual({
      kind: 'image',
      type: expect.objectContaining({ mime, extension }),
    });
  });

  it.each(IMAGES)('never accepts a %s cut short, wherever it is cut', async (_name, bytes) => {
    for (let length = 0; length < bytes.length; length++) {
      const verdict = await inspectImage(bytes.subarray(0, length));
      if (verdict.kind === 'image') throw new Error(`accepted when cut to ${length} bytes`);
    }
  });

  it.each(IMAGES)('calls a %s cut in half damaged, not unsupported', async (_name, bytes) => {
    const verdict = await inspectImage(bytes.subarray(0, Math.ceil(bytes.length * 0.75)));
    expect(verdict.kind).toBe('damaged');
  });

  it('finds a corrupted PNG chunk by its checksum', async () => {
    const bytes = Buffer.from(pngImage());
    const data = bytes.indexOf('IDAT') + 6;
    bytes[data] ^= 0xff;
    expect(await inspectImage(bytes)).toEqual({
      kind: 'damaged',
      type: expect.objectContaining({ format: 'png' }),
      problem: 'the IDAT chunk is corrupt',
    });
  });

  it('rejects a JPEG whose scan comes before any frame header', async () => {
    const bytes = jpegImage();
    const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    bytes[frame + 1] = 0xe1;
    expect(await inspectImage(bytes)).toMatchObject({
      kind: 'damaged',
      problem: 'the frame header is missing',
    });
  });

  it.each([
    ['text', Buffer.from('hello, this is not an image')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1')],
    ['BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    ['empty', Buffer.alloc(0)],
  ])('calls %s unsupported', async (_name, bytes) => {
    expect(await inspectImage(bytes)).toEqual({ kind: 'unsupported' });
  });
});
