import { generate } from 'otplib';
import type request from 'supertest';
import type { DataSource } from 'typeorm';
import { ConsoleClient } from '../support/console-client.js';

export const ORIGIN = 'http://api.test';
export const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs in with a password (and the given user agent); the response of the password form. */
export async function passwordStep(
  client: ConsoleClient,
  email: string,
  password: string,
  userAgent = CHROME_UA,
): Promise<request.Response> {
  await client.get('/console/sign-in');
  return client.post(
    '/console/sign-in',
    { email, password },
    { Origin: client.origin, 'User-Agent': userAgent },
  );
}

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
export function appCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** The secret shown on the set-up page, without the spaces that group it. */
export function shownSecret(html: string): string {
  const match = /id="totp-secret"[^>]*>([^<]+)</.exec(html);
  if (!match) throw new Error('No secret on the page');
  return match[1].replace(/\s/g, '');
}

/** The recovery codes shown once. */
export function shownCodes(html: string): string[] {
  const match = /id="recovery-codes"[^>]*>([^<]+)</.exec(html);
  if (!match) throw new Error('No recovery codes on the page');
  return match[1]
    .trim()
    .split('\n')
    .map((line) => line.trim());
}

/** As if the person's last password or passkey were `minutes` ago: the session row is changed. */
export async function ageAuthentication(
  db: DataSource,
  userId: number,
  minutes: number,
): Promise<void> {
  await db.query(
    `UPDATE console_sessions
        SET sess = jsonb_set(sess::jsonb, '{authenticatedAt}', to_jsonb($2::bigint))::json
      WHERE sess ->> 'userId' = $1`,
    [String(userId), Date.now() - minutes * 60_000],
  );
}

/** As if a minute had passed since the app's last code: its codes of now work again once. */
export async function forgetLastStep(db: DataSource, userId: number): Promise<void> {
  await db.query(`UPDATE totp_factors SET last_used_step = last_used_step - 4 WHERE user_id = $1`, [
    userId,
  ]);
}
