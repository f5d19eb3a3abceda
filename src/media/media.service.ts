import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ServiceUnavailableError } from '../common/errors/api-error.js';
import { inspectImage } from './image-inspector.js';
import { InvalidImageError, UnsupportedImageTypeError } from './media.errors.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';

/** Seconds a client should wait after the media storage failed. */
const STORAGE_RETRY_AFTER = 30;

/** Uploaded images: judged by their bytes, stored content-addressed, published at a public URL. */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  /** Stores an accepted image and returns its public URL; refuses anything else with 422. */
  async storeImage(bytes: Buffer): Promise<string> {
    const verdict = await inspectImage(bytes);
    if (verdict.kind === 'unsupported') throw new UnsupportedImageTypeError();
    if (verdict.kind === 'damaged') {
      throw new InvalidImageError(verdict.type.format.toUpperCase(), verdict.problem);
    }
    const key = `${createHash('sha256').update(bytes).digest('hex')}.${verdict.type.extension}`;
    try {
      await this.storage.put(key, bytes, verdict.type.mime);
    } catch (error) {
      this.logger.error(`Storing ${key} failed: ${(error as Error).message}`);
      throw new ServiceUnavailableError(STORAGE_RETRY_AFTER);
    }
    return this.storage.publicUrl(key);
  }
}
