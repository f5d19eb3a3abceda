import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { emailKey } from '../../users/index.js';

/** Failed sign-ins allowed per email within the window… */
export const SIGN_IN_FAILURES_ALLOWED = 5;
/** …of this many minutes; after that, every attempt for the email is refused until the window passes. */
export const SIGN_IN_WINDOW_MINUTES = 15;

/** An attempt that may go ahead (`attempt` identifies it), or a refusal with its wait. */
export type ThrottleVerdict =
  { allowed: true; attempt: string } | { allowed: false; retryAfterSeconds: number };

/**
 * The sign-in slow-down, shared by every replica through PostgreSQL. Each
 * attempt is counted as a failure before its password is checked, so that
 * attempts racing each other count each other; a right password then takes
 * its count back and clears the email's earlier failures. Once 5 attempts
 * in 15 minutes have failed, the email gets 429 until the oldest of them is
 * 15 minutes old, whatever the password — and refused attempts are not counted.
 */
@Injectable()
export class SignInThrottle {
  constructor(private readonly dataSource: DataSource) {}

  async begin(email: string): Promise<ThrottleVerdict> {
    const key = emailKey(email);
    const [counted] = await this.dataSource.query<Array<{ id: string }>>(
      `WITH expired AS (
         DELETE FROM sign_in_failures WHERE failed_at < now() - make_interval(mins => $2)
       )
       INSERT INTO sign_in_failures (email) VALUES ($1) RETURNING id`,
      [key, SIGN_IN_WINDOW_MINUTES],
    );
    const [window] = await this.dataSource.query<
      Array<{ earlier: number; retry_after: number | null }>
    >(
      `SELECT count(*)::int AS earlier,
              ceil(extract(epoch FROM min(failed_at) + make_interval(mins => $3) - now()))::int AS retry_after
         FROM sign_in_failures
        WHERE email = $1 AND id < $2 AND failed_at >= now() - make_interval(mins => $3)`,
      [key, counted.id, SIGN_IN_WINDOW_MINUTES],
    );
    if (window.earlier >= SIGN_IN_FAILURES_ALLOWED) {
      await this.dataSource.query(`DELETE FROM sign_in_failures WHERE id = $1`, [counted.id]);
      return { allowed: false, retryAfterSeconds: Math.max(1, window.retry_after ?? 1) };
    }
    return { allowed: true, attempt: counted.id };
  }

  /** The password was right: the attempt was no failure, and earlier failures are forgiven. */
  async succeeded(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_failures WHERE email = $1`, [emailKey(email)]);
  }
}
