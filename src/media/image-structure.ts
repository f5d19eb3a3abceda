import { crc32 } from 'node:zlib';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/**
 * Cheap integrity checks, one per format: walk the container's own structure
 * (chunks, segments, blocks, boxes) and confirm that every part fits in the
 * file, the parts an image needs are there and the file reaches its end
 * marker. A truncated or corrupted upload fails here without decoding a
 * single pixel. Returns what is wrong, or undefined for a sound file.
 */
export function structuralProblem(format: ImageFormat, bytes: Buffer): string | undefined {
  try {
    switch (format) {
      case 'png':
        return pngProblem(bytes);
      case 'jpeg':
        return jpegProblem(bytes);
      case 'gif':
        return gifProblem(bytes);
      case 'webp':
        return webpProblem(bytes);
      case 'avif':
        return avifProblem(bytes);
    }
  } catch (error) {
    if (isOutOfBounds(error)) return 'the file ends early';
    throw error;
  }
}

/** A read past the end of the buffer (by code: the error may come from another realm). */
function isOutOfBounds(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_OUT_OF_RANGE' || code === 'ERR_BUFFER_OUT_OF_BOUNDS';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks from the signature to IEND, each with a correct CRC; IHDR first, image data present. */
function pngProblem(bytes: Buffer): string | undefined {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'the signature is wrong';
  let offset = 8;
  let chunks = 0;
  let hasData = false;
  for (;;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return `the ${type} chunk is cut off`;
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== crc) return `the ${type} chunk is corrupt`;
    if (chunks === 0 && (type !== 'IHDR' || length !== 13)) return 'the header chunk is missing';
    if (chunks === 0 && (bytes.readUInt32BE(16) === 0 || bytes.readUInt32BE(20) === 0)) {
      return 'the image has no pixels';
    }
    if (type === 'IDAT') hasData = true;
    chunks++;
    offset = end;
    if (type === 'IEND') return hasData ? undefined : 'there is no image data';
  }
}

const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** Segments from SOI to the first scan, a frame header among them, and an EOI after the scan. */
function jpegProblem(bytes: Buffer): string | undefined {
  if (bytes.readUInt16BE(0) !== 0xffd8) return 'the start marker is missing';
  let offset = 2;
  let hasFrame = false;
  for (;;) {
    if (bytes[offset] !== 0xff) return 'a segment marker is missing';
    while (bytes[offset] === 0xff) offset++;
    const marker = bytes.readUInt8(offset);
    offset++;
    if (marker === 0xd9) return 'there is no image data';
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return 'a segment is cut off';
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (bytes.readUInt16BE(offset + 5) === 0) return 'the image has no width';
      hasFrame = true;
    }
    offset += length;
    if (marker === 0xda) {
      if (!hasFrame) return 'the frame header is missing';
      // Entropy-coded data escapes 0xFF, so FF D9 after the scan can only be the end marker.
      return bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) >= offset
        ? undefined
        : 'the file ends early';
    }
  }
}

/** Header, colour tables, then images and extensions as sub-block chains up to the trailer. */
function gifProblem(bytes: Buffer): string | undefined {
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return 'the signature is wrong';
  if (bytes.readUInt16LE(6) === 0 || bytes.readUInt16LE(8) === 0) return 'the image has no pixels';
  let offset = 13 + colourTableSize(bytes.readUInt8(10));
  let images = 0;
  const skipSubBlocks = () => {
    for (let size = bytes.readUInt8(offset++); size !== 0; size = bytes.readUInt8(offset++)) {
      offset += size;
    }
  };
  for (;;) {
    const block = bytes.readUInt8(offset++);
    if (block === 0x3b) return images > 0 ? undefined : 'there is no image data';
    if (block === 0x21) {
      offset++;
      skipSubBlocks();
    } else if (block === 0x2c) {
      // Descriptor, local colour table, LZW code size, then the data sub-blocks.
      offset += 9 + colourTableSize(bytes.readUInt8(offset + 8)) + 1;
      skipSubBlocks();
      images++;
    } else {
      return 'a block is corrupt';
    }
  }
}

function colourTableSize(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** The RIFF container fits the file, its chunks fit the container, and a bitstream chunk is there. */
function webpProblem(bytes: Buffer): string | undefined {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return 'the container header is wrong';
  }
  const end = 8 + bytes.readUInt32LE(4);
  if (end > bytes.length) return 'the file ends early';
  let offset = 12;
  let hasImage = false;
  while (offset < end) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const data = offset + 8;
    if (data + size > end) return `the ${type.trim()} chunk is cut off`;
    if (type === 'VP8 ') {
      if (bytes.readUIntBE(data + 3, 3) !== 0x9d012a) return 'the VP8 frame is corrupt';
      hasImage = true;
    } else if (type === 'VP8L') {
      if (bytes.readUInt8(data) !== 0x2f) return 'the VP8L frame is corrupt';
      hasImage = true;
    } else if (type === 'ANMF') {
      hasImage = true;
    }
    offset = data + size + (size % 2);
  }
  return hasImage ? undefined : 'there is no image data';
}

/** Top-level ISO-BMFF boxes tile the file exactly: ftyp first, then meta and the media data. */
function avifProblem(bytes: Buffer): string | undefined {
  let offset = 0;
  const boxes: string[] = [];
  while (offset < bytes.length) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(bytes.length)) return `the ${type} box is cut off`;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = bytes.length - offset;
    }
    if (size < header) return `the ${type} box is corrupt`;
    if (offset + size > bytes.length) return `the ${type} box is cut off`;
    boxes.push(type);
    offset += size;
  }
  if (boxes[0] !== 'ftyp') return 'the file-type box is missing';
  if (!boxes.includes('meta')) return 'the metadata box is missing';
  return boxes.includes('mdat') ? undefined : 'there is no image data';
}
