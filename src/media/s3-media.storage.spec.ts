import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../config/app-config.js';
import { S3MediaStorage, S3Sender } from './s3-media.storage.js';

const CONFIG: MediaS3Config = {
  bucket: 'media-bucket',
  endpoint: 'https://s3.example',
  region: 'eu-west-1',
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'secret',
  publicUrl: 'https://media.example',
};

describe('S3MediaStorage', () => {
  it('puts the object under its key with its type and a long-lived, immutable cache policy', async () => {
    const sent: PutObjectCommand[] = [];
    const client: S3Sender = { send: (command) => Promise.resolve(sent.push(command)) };
    const bytes = Buffer.from([1, 2, 3]);
    await new S3MediaStorage(CONFIG, client).put('abc.png', bytes, 'image/png');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(sent[0].input).toEqual({
      Bucket: 'media-bucket',
      Key: 'abc.png',
      Body: bytes,
      ContentLength: 3,
      ContentType: 'image/png',
      CacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('lets a failed upload fail the call', async () => {
    const client: S3Sender = { send: () => Promise.reject(new Error('AccessDenied')) };
    await expect(
      new S3MediaStorage(CONFIG, client).put('abc.png', Buffer.alloc(1), 'image/png'),
    ).rejects.toThrow('AccessDenied');
  });

  it('publishes objects under MEDIA_PUBLIC_URL', () => {
    const storage = new S3MediaStorage(CONFIG, { send: () => Promise.resolve() });
    expect(storage.publicUrl('abc.png')).toBe('https://media.example/abc.png');
  });
});
