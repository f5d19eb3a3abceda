import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../config/app-config.js';
import { IMMUTABLE_CACHE_CONTROL, MediaStorage } from './media-storage.js';

/** The part of S3Client this storage uses, so tests can stand in for it. */
export interface S3Sender {
  send(command: PutObjectCommand): Promise<unknown>;
}

/**
 * Media in an S3-compatible bucket (MEDIA_S3_*), served by the bucket or a
 * CDN in front of it at MEDIA_PUBLIC_URL.
 */
export class S3MediaStorage implements MediaStorage {
  constructor(
    private readonly config: MediaS3Config,
    private readonly client: S3Sender = createS3Client(config),
  ) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  publicUrl(key: string): string {
    return `${this.config.publicUrl}/${key}`;
  }
}

function createS3Client(config: MediaS3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // S3-compatible servers (MinIO, R2, Ceph) address buckets by path.
    forcePathStyle: config.endpoint !== undefined,
    credentials:
      config.accessKeyId !== undefined && config.secretAccessKey !== undefined
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}
