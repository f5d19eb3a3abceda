import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const VALUE = /^[\w-]{43}$/;

/**
 * The browsers each person has signed in from, to tell them about a sign-in
 * from one never seen before: a random value in a long-lived HttpOnly cookie
 * (`__Host-` over https), stored per person as a SHA-256 hash only. It
 * identifies nothing but "this browser signed in here before".
 */
@Injectable()
export class KnownBrowsers {
  private readonly name: string;
  private readonly secure: boolean;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secure = new URL(config.publicBaseUrl).protocol === 'https:';
    this.name = this.secure ? '__Host-content_api_browser' : 'content_api_browser';
  }

  /**
   * Records that `user` signed in from this browser; true when it is a new
   * browser for someone who had signed in before (their first sign-in is
   * no news to them).
   */
  async signedIn(
    req: Request,
    user: { id: number; last_sign_in_at: string | null },
  ): Promise<boolean> {
    let value = cookieValue(req.headers.cookie, this.name);
    if (value === undefined || !VALUE.test(value)) {
      value = randomBytes(32).toString('base64url');
      req.res?.cookie(this.name, value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure,
        path: '/',
        maxAge: YEAR_MS,
      });
    }
    const added = await this.dataSource.query<unknown[]>(
      `INSERT INTO known_browsers (user_id, browser_hash) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [user.id, createHash('sha256').update(value).digest('hex')],
    );
    return added.length > 0 && user.last_sign_in_at !== null;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
