import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hasControlCharacter } from '../common/pipes/nul-field.js';
import { emailKey, normaliseEmail } from './email-address.js';
import { hashLinkToken, newLinkToken } from './password-links.js';
import { PasswordHasher } from './password-hasher.js';
import { assertAcceptablePassword } from './password-policy.js';
import { isTimeZone } from './time-zones.js';
import {
  CurrentPasswordWrongError,
  EmailLinkInvalidError,
  EmailTakenError,
  InvalidNameError,
  InvalidTimeZoneError,
  SameEmailError,
  SamePasswordError,
  UserNotFoundError,
} from './users.errors.js';
import { type UserView, UsersService } from './users.service.js';

/** How long a link confirming a new email address works. */
export const EMAIL_LINK_TTL_HOURS = 24;
export const CONFIRM_EMAIL_PATH = '/console/confirm-email';
const MAX_NAME_LENGTH = 200;
const UNIQUE_VIOLATION = '23505';

/** A person's profile as their account page shows it. */
export interface Profile {
  name: string | null;
  email: string;
  /** IANA zone; 'UTC' when they chose none. */
  time_zone: string;
  /** A change of email waiting for its confirmation, if any. */
  pending_email: string | null;
}

/**
 * What a person changes of their own account: their profile, their password
 * (with the current one) and their email (confirmed from the new address).
 */
@Injectable()
export class OwnAccount {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
  ) {}

  async profile(userId: number): Promise<Profile> {
    const [row] = await this.dataSource.query<
      Array<{
        name: string | null;
        email: string;
        time_zone: string | null;
        pending: string | null;
      }>
    >(
      `SELECT u.name, u.email, u.time_zone,
              (SELECT new_email FROM email_change_links c
                WHERE c.user_id = u.id AND c.used_at IS NULL AND c.expires_at > now()
                ORDER BY c.id DESC LIMIT 1) AS pending
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    if (!row) throw new UserNotFoundError(userId);
    return {
      name: row.name,
      email: row.email,
      time_zone: row.time_zone ?? 'UTC',
      pending_email: row.pending,
    };
  }

  /** Display name (empty: none) and time zone. */
  async updateProfile(userId: number, input: { name: string; timeZone: string }): Promise<void> {
    const name = input.name.trim();
    if (hasControlCharacter(name) || [...name].length > MAX_NAME_LENGTH) {
      throw new InvalidNameError();
    }
    if (!isTimeZone(input.timeZone)) throw new InvalidTimeZoneError();
    await this.dataSource.query(
      `UPDATE users SET name = $2, time_zone = $3, updated_at = now() WHERE id = $1`,
      [userId, name === '' ? null : name, input.timeZone === 'UTC' ? null : input.timeZone],
    );
  }

  /** Whether `password` is the person's current password. */
  async isCurrentPassword(userId: number, password: string): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ password_hash: string | null }>>(
      `SELECT password_hash FROM users WHERE id = $1 AND status = 'active'`,
      [userId],
    );
    if (!row?.password_hash) {
      await this.hasher.waste(password);
      return false;
    }
    return this.hasher.verify(password, row.password_hash);
  }

  /**
   * A new password, given the current one. Every session of the person ends
   * (their epoch moves on); returns the new epoch, for the session that made
   * the change to carry on.
   */
  async changePassword(userId: number, current: string, next: string): Promise<number> {
    if (!(await this.isCurrentPassword(userId, current))) throw new CurrentPasswordWrongError();
    if (current === next) throw new SamePasswordError();
    const user = await this.users.get(userId);
    assertAcceptablePassword(next, await this.users.passwordContext(user));
    const hash = await this.hasher.hash(next);
    const [[row]] = await this.dataSource.query<[Array<{ session_epoch: number }>, number]>(
      `UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1, updated_at = now()
        WHERE id = $1 RETURNING session_epoch`,
      [userId, hash],
    );
    return row.session_epoch;
  }

  /**
   * Starts a change of email: returns the link for the new address, which
   * makes the change when followed. Earlier requests stop working.
   */
  async requestEmailChange(
    userId: number,
    newEmail: string,
  ): Promise<{ email: string; token: string }> {
    const email = normaliseEmail(newEmail);
    const user = await this.users.get(userId);
    if (emailKey(email) === emailKey(user.email)) throw new SameEmailError();
    if ((await this.users.findByEmail(email)) !== null) throw new EmailTakenError();
    const token = newLinkToken();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM email_change_links WHERE user_id = $1`, [userId]);
      await manager.query(
        `INSERT INTO email_change_links (user_id, new_email, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
        [userId, email, hashLinkToken(token), EMAIL_LINK_TTL_HOURS],
      );
    });
    return { email, token };
  }

  /** The change a confirmation link stands for, while it can be used. */
  async emailChangeOf(token: string): Promise<{ user: UserView; newEmail: string }> {
    const [row] = await this.dataSource.query<Array<{ user_id: number; new_email: string }>>(
      `SELECT c.user_id, c.new_email FROM email_change_links c JOIN users u ON u.id = c.user_id
        WHERE c.token_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND u.status = 'active'`,
      [hashLinkToken(token)],
    );
    if (!row) throw new EmailLinkInvalidError();
    return { user: await this.users.get(row.user_id), newEmail: row.new_email };
  }

  /** Makes the change, once; returns the person as they now are and the address they had. */
  async confirmEmailChange(token: string): Promise<{ user: UserView; oldEmail: string }> {
    const { userId, oldEmail } = await this.changeEmail(token);
    return { user: await this.users.get(userId), oldEmail };
  }

  private async changeEmail(token: string): Promise<{ userId: number; oldEmail: string }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [[row]] = await manager.query<
          [Array<{ user_id: number; new_email: string }>, number]
        >(
          `UPDATE email_change_links c SET used_at = now()
             FROM users u
            WHERE u.id = c.user_id AND c.token_hash = $1 AND c.used_at IS NULL
              AND c.expires_at > now() AND u.status = 'active'
            RETURNING c.user_id, c.new_email`,
          [hashLinkToken(token)],
        );
        if (!row) throw new EmailLinkInvalidError();
        const [old] = await manager.query<Array<{ email: string }>>(
          `SELECT email FROM users WHERE id = $1 FOR UPDATE`,
          [row.user_id],
        );
        await manager.query(`UPDATE users SET email = $2, updated_at = now() WHERE id = $1`, [
          row.user_id,
          row.new_email,
        ]);
        return { userId: row.user_id, oldEmail: old.email };
      });
    } catch (error) {
      // Someone took the address between the request and its confirmation.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
      throw error;
    }
  }
}
