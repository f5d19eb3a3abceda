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
    if (value === undefined || !VALUE.test(value)) value = randomBytes(32).toString('base64url');
    // Set again at every sign-in: the cookie lives a year from the last one, as its row does.
    req.res?.cookie(this.name, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: YEAR_MS,
    });
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    const [row] = await this.dataSource.query<Array<{ added: boolean }>>(
      `INSERT INTO known_browsers (user_id, browser_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, browser_hash) DO UPDATE SET last_seen_at = now()
       RETURNING xmax = 0 AS added`,
      [user.id, createHash('sha256').update(value).digest('hex')],
    );
    return row.added && user.last_sign_in_at !== null;
  }

  /**
   * Forgets the browsers that have not signed in for longer than their
   * cookie lives: it is gone from them, so they could not be recognised.
   * Returns how many were forgotten.
   */
  async forgetUnseen(): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM known_browsers WHERE last_seen_at < now() - make_interval(secs => $1)`,
      [YEAR_MS / 1000],
    );
    return deleted;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
