import { Test } from '@nestjs/testing';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { pngImage } from '../../test/support/images.js';
import { LocalMediaStorage } from './local-media.storage.js';
import { MEDIA_STORAGE, MediaStorage } from './media-storage.js';
import { MediaModule } from './media.module.js';
import { MediaService } from './media.service.js';
import { S3MediaStorage } from './s3-media.storage.js';

async function mediaModule(env: Record<string, string>) {
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://api.example', ...env });
  return Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), MediaModule],
  }).compile();
}

describe('MediaModule', () => {
  it('stores in a folder under DATA_DIR, published under PUBLIC_BASE_URL, by default', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'content-api-media-'));
    const module = await mediaModule({ DATA_DIR: dataDir });
    const storage = module.get<MediaStorage>(MEDIA_STORAGE);
    expect(storage).toBeInstanceOf(LocalMediaStorage);
    const bytes = pngImage(1);
    const url = await module.get(MediaService).storeImage(bytes);
    const key = url.slice('https://api.example/media/'.length);
    expect(key).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(readFileSync(join(dataDir, 'media', key))).toEqual(bytes);
    expect(await module.get(MediaService).storeImage(bytes)).toBe(url);
  });

  it('stores in the bucket when MEDIA_S3_BUCKET is set', async () => {
    const module = await mediaModule({
      MEDIA_S3_BUCKET: 'media-bucket',
      MEDIA_PUBLIC_URL: 'https://media.example',
    });
    const storage = module.get<MediaStorage>(MEDIA_STORAGE);
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect(storage.publicUrl('k.png')).toBe('https://media.example/k.png');
  });
});

describe('MediaService', () => {
  it('answers a storage failure with 503 service_unavailable', async () => {
    const failing: MediaStorage = {
      put: () => Promise.reject(new Error('bucket unreachable')),
      publicUrl: (key) => key,
    };
    await expect(new MediaService(failing).storeImage(pngImage(2))).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
  });
});
