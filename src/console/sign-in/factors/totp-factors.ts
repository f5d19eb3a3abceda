import { Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { DataSource } from 'typeorm';
import { SecretBox } from './secret-box.js';
import { returnedRows } from './returned-rows.js';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** One step either side of now (±30 s) for clocks that drift. */
const TOLERANCE_SECONDS = PERIOD;
const CODE = /^\d{6}$/;
const ISSUER = 'content-api';

export interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * A person's authenticator app (TOTP, otplib). Setting one up keeps a
 * secret unconfirmed until the person types a code it made; a confirmed
 * secret is never shown again. A code is accepted once: the step it belongs
 * to is stored, and that step and every earlier one are refused after it
 * (taken in one UPDATE, so two requests racing with the same code cannot
 * both succeed).
 */
@Injectable()
export class TotpFactors {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async isConfirmed(userId: number): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ on: boolean }>>(
      `SELECT true AS on FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL`,
      [userId],
    );
    return row !== undefined;
  }

  /** The unconfirmed secret being set up (the same one on every reload), made when there is none. */
  async setup(userId: number, label: string): Promise<TotpSetup | null> {
    const sealed = await this.box.seal(generateSecret());
    await this.dataSource.query(
      `INSERT INTO totp_factors (user_id, secret_box) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, sealed],
    );
    const [row] = await this.dataSource.query<Array<{ secret_box: string }>>(
      `SELECT secret_box FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NULL`,
      [userId],
    );
    if (row === undefined) return null;
    const secret = await this.box.open(row.secret_box);
    return { secret, uri: generateURI({ issuer: ISSUER, label, secret, period: PERIOD }) };
  }

  /** Confirms the secret being set up with a code it made; false for a wrong code. */
  async confirm(userId: number, code: string): Promise<boolean> {
    return this.accept(userId, code, false);
  }

  /** A code of the confirmed app, accepted once; false for a wrong or used one. */
  async verify(userId: number, code: string): Promise<boolean> {
    return this.accept(userId, code, true);
  }

  async remove(userId: number): Promise<boolean> {
    const removed = await this.dataSource.query<unknown>(
      `DELETE FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL RETURNING user_id`,
      [userId],
    );
    return returnedRows(removed).length > 0;
  }

  /** The app, confirmed or still being set up (the operator's reset). */
  async removeAny(userId: number): Promise<boolean> {
    const removed = await this.dataSource.query<unknown>(
      `DELETE FROM totp_factors WHERE user_id = $1 RETURNING user_id`,
      [userId],
    );
    return returnedRows(removed).length > 0;
  }

  private async accept(userId: number, code: string, confirmed: boolean): Promise<boolean> {
    const token = code.replace(/\s/g, '');
    if (!CODE.test(token)) return false;
    const [row] = await this.dataSource.query<
      Array<{ secret_box: string; last_used_step: string | null }>
    >(
      `SELECT secret_box, last_used_step FROM totp_factors
        WHERE user_id = $1 AND (confirmed_at IS NOT NULL) = $2`,
      [userId, confirmed],
    );
    if (row === undefined) return false;
    const result = await verify({
      secret: await this.box.open(row.secret_box),
      token,
      period: PERIOD,
      epochTolerance: TOLERANCE_SECONDS,
      ...(row.last_used_step === null ? {} : { afterTimeStep: Number(row.last_used_step) }),
    });
    if (!result.valid || !('timeStep' in result)) return false;
    const taken = await this.dataSource.query<unknown>(
      `UPDATE totp_factors
          SET last_used_step = $2, confirmed_at = coalesce(confirmed_at, now())
        WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)
        RETURNING user_id`,
      [userId, result.timeStep],
    );
    return returnedRows(taken).length > 0;
  }
}
