/** Injection token of the configured MediaStorage. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** Served with every stored object: its name is its content's hash, so it never changes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where uploaded media lives. Objects are content-addressed (the key is the
 * SHA-256 of the bytes plus an extension), so storing the same bytes twice
 * is harmless and a stored object never changes.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The public address of a stored object; no credential is needed to fetch it. */
  publicUrl(key: string): string;
}
