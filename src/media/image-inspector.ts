import { fileTypeFromBuffer } from 'file-type';
import { ImageFormat, structuralProblem } from './image-structure.js';

export interface ImageType {
  format: ImageFormat;
  /** The Content-Type it is served with. */
  mime: string;
  extension: string;
}

const ACCEPTED: Readonly<Record<string, ImageType>> = {
  'image/jpeg': { format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  'image/png': { format: 'png', mime: 'image/png', extension: 'png' },
  // An animated PNG is a PNG to every reader that ignores the animation chunks.
  'image/apng': { format: 'png', mime: 'image/png', extension: 'png' },
  'image/webp': { format: 'webp', mime: 'image/webp', extension: 'webp' },
  'image/gif': { format: 'gif', mime: 'image/gif', extension: 'gif' },
  'image/avif': { format: 'avif', mime: 'image/avif', extension: 'avif' },
};

export type ImageVerdict =
  | { kind: 'image'; type: ImageType }
  | { kind: 'unsupported' }
  | { kind: 'damaged'; type: ImageType; problem: string };

/**
 * What an upload is, judged from its bytes alone (the file name and the
 * client's declared type are never trusted): one of the accepted image types
 * and structurally sound, an accepted type that is damaged, or anything else.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageVerdict> {
  const detected = await fileTypeFromBuffer(bytes);
  const type =
    detected && Object.hasOwn(ACCEPTED, detected.mime) ? ACCEPTED[detected.mime] : undefined;
  if (type === undefined) return { kind: 'unsupported' };
  const problem = structuralProblem(type.format, bytes);
  return problem === undefined ? { kind: 'image', type } : { kind: 'damaged', type, problem };
}
