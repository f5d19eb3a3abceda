import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStorage } from './media-storage.js';

/** Exactly the keys this storage writes: a SHA-256 in hex and an image extension. */
export const MEDIA_KEY = /^[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/;

export const MEDIA_PATH = 'media';

/**
 * The default media storage: a folder under DATA_DIR, served by the app
 * itself at `/media/<key>` (MediaController).
 */
export class LocalMediaStorage implements MediaStorage {
  constructor(
    private readonly folder: string,
    private readonly publicBaseUrl: string,
  ) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = join(this.folder, key);
    if ((await this.size(path)) !== undefined) return;
    await mkdir(this.folder, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = join(this.folder, `.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl}/${MEDIA_PATH}/${key}`;
  }

  /** A stored object to serve, or undefined for anything that is not one. */
  async open(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    const path = join(this.folder, key);
    const size = await this.size(path);
    return size === undefined ? undefined : { stream: createReadStream(path), size };
  }

  private async size(path: string): Promise<number | undefined> {
    try {
      return (await stat(path)).size;
    } catch {
      return undefined;
    }
  }
}
