import { Module } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LocalMediaStorage, MEDIA_PATH } from './local-media.storage.js';
import { MediaController } from './media.controller.js';
import { MEDIA_STORAGE } from './media-storage.js';
import { MediaService } from './media.service.js';
import { S3MediaStorage } from './s3-media.storage.js';

/**
 * Uploaded media. Stored in DATA_DIR/media and served by the app by default;
 * in an S3-compatible bucket when MEDIA_S3_BUCKET is set.
 */
@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: LocalMediaStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new LocalMediaStorage(join(config.dataDir, MEDIA_PATH), config.publicBaseUrl),
    },
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG, LocalMediaStorage],
      useFactory: (config: AppConfig, local: LocalMediaStorage) =>
        config.mediaS3 === undefined ? local : new S3MediaStorage(config.mediaS3),
    },
    MediaService,
  ],
  exports: [MediaService],
})
export class MediaModule {}
