import { crc32, deflateSync } from 'node:zlib';

/**
 * Small, structurally valid images of every accepted type, built in code so
 * that tests need no binary fixtures. `seed` varies the pixels, hence the bytes.
 */
export function pngImage(seed = 0, width = 2, height = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width * 3 }, (_, x) => (seed * 31 + x * 7 + y) % 256)]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline 8×8 grey JPEG: one block, one-symbol Huffman tables. */
export function jpegImage(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const oneSymbolTable = (tableClass: number) => [tableClass, 1, ...Array(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneSymbolTable(0x00)),
    ...segment(0xc4, oneSymbolTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** A 1×1 GIF89a. */
export function gifImage(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
}

/** 1×1 WebP images, lossless (VP8L) and lossy (VP8). */
export function webpImage(kind: 'lossless' | 'lossy' = 'lossless'): Buffer {
  return Buffer.from(
    kind === 'lossless'
      ? 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='
      : 'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA',
    'base64',
  );
}

/** An AVIF container: ftyp, meta with its picture handler, and media data. */
export function avifImage(): Buffer {
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length + 8);
    return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
  };
  const handler = box(
    'hdlr',
    Buffer.alloc(8),
    Buffer.from('pict', 'latin1'),
    Buffer.alloc(12),
    Buffer.from([0]),
  );
  return Buffer.concat([
    box(
      'ftyp',
      Buffer.from('avif', 'latin1'),
      Buffer.alloc(4),
      Buffer.from('mif1avifmiaf', 'latin1'),
    ),
    box('meta', Buffer.alloc(4), handler),
    box('mdat', Buffer.from([0x12, 0x00, 0x0a, 0x0a, 0x00, 0x00, 0x00])),
  ]);
}
