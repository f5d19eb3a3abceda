import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/request/route-access.decorator.js';
import { NotFoundError } from '../common/errors/api-error.js';
import { SkipRateLimit } from '../common/request/skip-rate-limit.decorator.js';
import { LocalMediaStorage, MEDIA_PATH } from './local-media.storage.js';
import { IMMUTABLE_CACHE_CONTROL } from './media-storage.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * Serves the local media folder: public, with the type detected at upload
 * (the key's extension) and cached for good, since a key names its content.
 * Not part of the API contract, so not in the OpenAPI document; and not an
 * API call, so not counted against the per-minute limit: the pages that embed
 * an image fetch it from their readers' addresses, or through one CDN's.
 */
@ApiExcludeController()
@SkipRateLimit()
@Controller(MEDIA_PATH)
export class MediaController {
  constructor(private readonly storage: LocalMediaStorage) {}

  @Get(':key')
  @Public()
  async serve(
    @Param('key') key: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const media = await this.storage.open(key);
    if (media === undefined) throw new NotFoundError('No such media.');
    res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('ETag', `"${key.slice(0, 64)}"`);
    return new StreamableFile(media.stream, {
      type: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)],
      length: media.size,
    });
  }
}
