import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emailKey } from '../../users/index.js';

/** Forgot-password requests allowed per email in the window… */
export const RESETS_PER_EMAIL = 3;
/** …and per client address… */
export const RESETS_PER_ADDRESS = 20;
/** …of an hour (accounts.md). */
export const RESET_WINDOW_MINUTES = 60;

export type ResetVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The forgot-password limits, shared by every replica through PostgreSQL
 * like the sign-in slow-down: each request is counted first, then compared
 * with the earlier ones of the hour, so that requests racing each other
 * count each other; a refused one takes its count back. The email counts
 * whether or not anyone uses it, so a refusal says nothing about that.
 */
@Injectable()
export class PasswordResetThrottle {
  constructor(private readonly dataSource: DataSource) {}

  async admit(email: string, clientAddress: string): Promise<ResetVerdict> {
    const key = emailKey(email);
    const [counted] = await this.dataSource.query<Array<{ id: string }>>(
      `WITH expired AS (
         DELETE FROM password_reset_requests WHERE requested_at < now() - make_interval(mins => $3)
       )
       INSERT INTO password_reset_requests (email, client_address) VALUES ($1, $2) RETURNING id`,
      [key, clientAddress, RESET_WINDOW_MINUTES],
    );
    const [window] = await this.dataSource.query<
      Array<{ by_email: number; by_address: number; retry_after: number | null }>
    >(
      `SELECT count(*) FILTER (WHERE email = $1)::int AS by_email,
              count(*) FILTER (WHERE client_address = $2)::int AS by_address,
              ceil(extract(epoch FROM min(requested_at) + make_interval(mins => $4) - now()))::int AS retry_after
         FROM password_reset_requests
        WHERE (email = $1 OR client_address = $2) AND id < $3
          AND requested_at >= now() - make_interval(mins => $4)`,
      [key, clientAddress, counted.id, RESET_WINDOW_MINUTES],
    );
    if (window.by_email >= RESETS_PER_EMAIL || window.by_address >= RESETS_PER_ADDRESS) {
      await this.dataSource.query(`DELETE FROM password_reset_requests WHERE id = $1`, [
        counted.id,
      ]);
      return { allowed: false, retryAfterSeconds: Math.max(1, window.retry_after ?? 1) };
    }
    return { allowed: true };
  }
}
