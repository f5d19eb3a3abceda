import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatTimestamp } from '../common/dates.js';
import type { UserRole } from './entities/user.entity.js';
import { InvitationNotFoundError } from './users.errors.js';
import { type UserView, UsersService } from './users.service.js';

/** An invitation nobody has accepted yet. */
export interface PendingInvitation {
  id: number;
  email: string;
  name: string | null;
  role: UserRole;
  invited_at: string;
  expires_at: string;
  expired: boolean;
}

/**
 * Owners invite people by email: the person exists at once (so that the
 * address is theirs) without a password, and a link valid 7 days lets them
 * choose one. Until they do, the invitation can be sent again (a new link;
 * the old one stops working) or revoked (the person, who never acted, is
 * removed and the address is free again).
 */
@Injectable()
export class Invitations {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async invite(
    accountId: number,
    input: { email: string; name: string; role: UserRole },
  ): Promise<{ user: UserView; url: string }> {
    const created = await this.users.create(accountId, { ...input, linkPurpose: 'invite' });
    const { set_password_url: url, ...user } = created;
    return { user, url: url ?? '' };
  }

  async pending(accountId: number): Promise<PendingInvitation[]> {
    const rows = await this.dataSource.query<
      Array<{
        id: number;
        email: string;
        name: string | null;
        role: UserRole;
        invited_at: Date;
        expires_at: Date;
        expired: boolean;
      }>
    >(
      `SELECT u.id, u.email, u.name, u.role, l.created_at AS invited_at, l.expires_at,
              l.expires_at <= now() AS expired
         FROM users u JOIN password_links l ON l.user_id = u.id AND l.purpose = 'invite' AND l.used_at IS NULL
        WHERE u.account_id = $1 AND u.password_hash IS NULL AND u.last_sign_in_at IS NULL
          AND u.status = 'active'
        ORDER BY l.created_at DESC, u.id DESC`,
      [accountId],
    );
    return rows.map((row) => ({
      ...row,
      invited_at: formatTimestamp(row.invited_at) ?? '',
      expires_at: formatTimestamp(row.expires_at) ?? '',
    }));
  }

  /** A new link for a pending invitation; the earlier one stops working. */
  async resend(accountId: number, userId: number): Promise<{ user: UserView; url: string }> {
    await this.assertPending(accountId, userId);
    const url = await this.dataSource.transaction((manager) =>
      this.users.newLink(manager, userId, 'invite'),
    );
    return { user: await this.users.get(userId), url };
  }

  /** Removes a pending invitation and its person; returns the address it was for. */
  async revoke(accountId: number, userId: number): Promise<string> {
    const [rows] = await this.dataSource.query<[Array<{ email: string }>, number]>(
      `DELETE FROM users u
        WHERE u.id = $1 AND u.account_id = $2 AND u.password_hash IS NULL
          AND u.last_sign_in_at IS NULL
          AND EXISTS (SELECT 1 FROM password_links l WHERE l.user_id = u.id AND l.purpose = 'invite' AND l.used_at IS NULL)
        RETURNING u.email`,
      [userId, accountId],
    );
    if (rows.length === 0) throw new InvitationNotFoundError(userId);
    return rows[0].email;
  }

  private async assertPending(accountId: number, userId: number): Promise<void> {
    const pending = await this.pending(accountId);
    if (!pending.some((invitation) => invitation.id === userId)) {
      throw new InvitationNotFoundError(userId);
    }
  }
}
