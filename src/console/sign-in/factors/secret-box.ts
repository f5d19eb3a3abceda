import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppSecrets } from '../../../database/index.js';

const KEY_NAME = 'totp_secret_key';
const VERSION = 'v1';

/**
 * Authenticator-app secrets encrypted at rest (AES-256-GCM; the key is made by
 * a migration and kept in app_secrets). A copy of the factor table alone — an
 * export, a query log, a replica's table — holds no usable secret; someone
 * with the whole database has the key too, as with any key kept beside it.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
@Injectable()
export class SecretBox {
  private key?: Promise<Buffer>;

  constructor(private readonly secrets: AppSecrets) {}

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.keyBytes(), iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async open(box: string): Promise<string> {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== VERSION) throw new Error('An encrypted secret of an unknown version');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await this.keyBytes(),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  private keyBytes(): Promise<Buffer> {
    this.key ??= this.secrets.read([KEY_NAME]).then((found) => {
      const value = found.get(KEY_NAME);
      if (value === undefined) {
        this.key = undefined;
        throw new Error('The TOTP encryption key is missing: run the migrations.');
      }
      return Buffer.from(value, 'base64url');
    });
    return this.key;
  }
}
