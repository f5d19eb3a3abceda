import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AccountsService } from '../auth/index.js';
import { NotFoundError } from '../common/errors/api-error.js';
import { formatTimestamp } from '../common/dates.js';
import { hasControlCharacter } from '../common/pipes/nul-field.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { emailKey, normaliseEmail } from './email-address.js';
import { User, UserRole, UserStatus } from './entities/user.entity.js';
import { UserDeactivation } from './user-deactivation.js';
import { PasswordHasher } from './password-hasher.js';
import {
  hashLinkToken,
  newLinkToken,
  PASSWORD_LINK_TTL_MS,
  type PasswordLinkPurpose,
  setPasswordUrl,
} from './password-links.js';
import { assertAcceptablePassword, type PasswordContext } from './password-policy.js';
import {
  EmailTakenError,
  InvalidNameError,
  PasswordLinkInvalidError,
  UserNotFoundError,
} from './users.errors.js';

/** A user as the CLI prints it (console.md). */
export interface UserView {
  id: number;
  account_id: number;
  email: string;
  name: string | null;
  role: UserRole;
  status: UserStatus;
  created_at: string | null;
  last_sign_in_at: string | null;
}

/** A user with the one-time link to choose a password (null when the password was given). */
export interface UserWithLink extends UserView {
  set_password_url: string | null;
}

export interface NewUser {
  email: string;
  name?: string;
  role?: UserRole;
  /** Given: set now (`--password-stdin`); otherwise the user chooses one through a link. */
  password?: string;
  /** The link's kind when no password is given: the operator's (24 hours) or an invitation (7 days). */
  linkPurpose?: 'set' | 'invite';
}

/** The person a link to choose a password is for, and what the link is for. */
export interface LinkHolder extends UserView {
  purpose: PasswordLinkPurpose;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The people of an account: creating them, their passwords and set-password
 * links, and disabling them. Anything that must end a user's sessions moves
 * their `session_epoch` on; sessions check it on every request. Disabling
 * also ends the assistant connections they allowed.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly deactivation: UserDeactivation,
  ) {}

  async create(accountId: number, input: NewUser): Promise<UserWithLink> {
    const email = normaliseEmail(input.email);
    if (input.name !== undefined && hasControlCharacter(input.name)) throw new InvalidNameError();
    const account = await this.accounts.find(accountId);
    if (account === null) throw new NotFoundError(`Account ${accountId} does not exist.`);
    if (input.password !== undefined) {
      assertAcceptablePassword(input.password, {
        email,
        name: input.name,
        accountName: account.name,
      });
    }
    const passwordHash =
      input.password === undefined ? null : await this.hasher.hash(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await manager.save(
          manager.create(User, {
            accountId,
            email,
            name: input.name?.trim() || null,
            role: input.role ?? 'member',
            status: 'active',
            passwordHash,
          }),
        );
        const link =
          passwordHash === null
            ? await this.newLink(manager, user.id, input.linkPurpose ?? 'set')
            : null;
        return { ...toView(user), set_password_url: link };
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
      throw error;
    }
  }

  async list(accountId: number): Promise<UserView[]> {
    if (!(await this.accounts.exists(accountId))) {
      throw new NotFoundError(`Account ${accountId} does not exist.`);
    }
    const users = await this.users.find({ where: { accountId }, order: { id: 'ASC' } });
    return users.map(toView);
  }

  async get(userId: number): Promise<UserView> {
    return toView(await this.find(this.dataSource.manager, userId));
  }

  /** A user of the account; 404 whether they are missing or another account's. */
  async getOnAccount(accountId: number, userId: number): Promise<UserView> {
    const user = await this.users.findOneBy({ id: userId, accountId });
    if (!user) throw new UserNotFoundError(userId);
    return toView(user);
  }

  /**
   * Disabled users cannot sign in, their sessions end at their next request,
   * and the assistants they allowed are disconnected. Enabling them again
   * gives back neither.
   */
  async setStatus(userId: number, status: UserStatus): Promise<UserView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, userId, true);
      if (user.status !== status) {
        await manager.update(User, userId, {
          status,
          sessionEpoch: user.sessionEpoch + (status === 'disabled' ? 1 : 0),
        });
      }
      if (status === 'disabled') await this.deactivation.run(manager, userId);
      return toView(await this.find(manager, userId));
    });
  }

  /**
   * A fresh one-time link; the old password stops working, earlier links and
   * every session of the user end.
   */
  async resetPassword(userId: number): Promise<UserWithLink> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, userId, true);
      await manager.update(User, userId, {
        passwordHash: null,
        sessionEpoch: user.sessionEpoch + 1,
      });
      const link = await this.newLink(manager, userId, 'set');
      return { ...toView(user), set_password_url: link };
    });
  }

  /**
   * Sets a password directly (the demo user's, made by the service itself):
   * the user's other sessions end.
   */
  async setPassword(userId: number, password: string): Promise<void> {
    assertAcceptablePassword(password, await this.passwordContext(await this.get(userId)));
    const passwordHash = await this.hasher.hash(password);
    const updated = await this.dataSource.query<[unknown[], number]>(
      `UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1, updated_at = now()
        WHERE id = $1`,
      [userId, passwordHash],
    );
    if (updated[1] === 0) throw new UserNotFoundError(userId);
  }

  /** The user a link to choose a password is for, while it can still be used. */
  async linkHolder(token: string): Promise<LinkHolder> {
    const [row] = await this.dataSource.query<
      Array<{ user_id: number; purpose: PasswordLinkPurpose }>
    >(
      `SELECT l.user_id, l.purpose FROM password_links l JOIN users u ON u.id = l.user_id
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'active'`,
      [hashLinkToken(token)],
    );
    if (!row) throw new PasswordLinkInvalidError();
    return { ...(await this.get(row.user_id)), purpose: row.purpose };
  }

  /**
   * A link to choose a new password (forgot password: 1 hour) for the active
   * person who signs in with `email`; null when there is none. The current
   * password keeps working until the link is used, so asking for one locks
   * nobody out. An earlier reset link stops working.
   */
  async resetLink(email: string): Promise<{ user: UserView; url: string } | null> {
    const user = await this.findByEmail(email);
    if (user === null || user.status !== 'active') return null;
    const url = await this.dataSource.transaction((manager) =>
      this.newLink(manager, user.id, 'reset'),
    );
    return { user, url };
  }

  /** Sets the password through a link, once: the link is used up and other sessions end. */
  async setPasswordWithLink(token: string, password: string): Promise<UserView> {
    assertAcceptablePassword(password, await this.passwordContext(await this.linkHolder(token)));
    const passwordHash = await this.hasher.hash(password);
    return this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE with [rows, count].
      const [[row]] = await manager.query<[Array<{ user_id: number }>, number]>(
        `UPDATE password_links l SET used_at = now()
           FROM users u
          WHERE u.id = l.user_id AND l.token_hash = $1 AND l.used_at IS NULL
            AND l.expires_at > now() AND u.status = 'active'
          RETURNING l.user_id`,
        [hashLinkToken(token)],
      );
      if (!row) throw new PasswordLinkInvalidError();
      await manager.query(
        `UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1, updated_at = now()
          WHERE id = $1`,
        [row.user_id, passwordHash],
      );
      // Whatever else was on its way (an invitation, another reset) is no use any more.
      await manager.query(
        `UPDATE password_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [row.user_id],
      );
      return toView(await this.find(manager, row.user_id));
    });
  }

  /**
   * The active user `email` and `password` identify, or null. Takes the same
   * time whether or not the email belongs to anyone.
   */
  async verifyPassword(email: string, password: string): Promise<User | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email: emailKey(email) })
      .getOne();
    if (!user?.passwordHash) {
      await this.hasher.waste(password);
      return null;
    }
    const matches = await this.hasher.verify(password, user.passwordHash);
    return matches && user.status === 'active' ? user : null;
  }

  /** The user signing in as `email`, whatever their state; null when nobody uses it. */
  async findByEmail(email: string): Promise<UserView | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: emailKey(email) })
      .getOne();
    return user ? toView(user) : null;
  }

  async recordSignIn(userId: number): Promise<void> {
    await this.users.update(userId, { lastSignInAt: () => 'now()' });
  }

  /** What a new password of the user must not contain: their email's local part, names. */
  async passwordContext(user: UserView): Promise<PasswordContext> {
    const account = await this.accounts.find(user.account_id);
    return { email: user.email, name: user.name, accountName: account?.name ?? null };
  }

  private async find(manager: EntityManager, userId: number, lock = false): Promise<User> {
    const user = await manager.findOne(User, {
      where: { id: userId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw new UserNotFoundError(userId);
    return user;
  }

  /**
   * A new link for the user; links of the same purpose made before it stop
   * working (the operator's reset ends every earlier link).
   */
  async newLink(
    manager: EntityManager,
    userId: number,
    purpose: PasswordLinkPurpose,
  ): Promise<string> {
    const token = newLinkToken();
    await manager.query(
      purpose === 'set'
        ? `DELETE FROM password_links WHERE user_id = $1`
        : `DELETE FROM password_links WHERE user_id = $1 AND purpose = $2`,
      purpose === 'set' ? [userId] : [userId, purpose],
    );
    await manager.query(
      `INSERT INTO password_links (user_id, token_hash, expires_at, purpose) VALUES ($1, $2, $3, $4)`,
      [userId, hashLinkToken(token), new Date(Date.now() + PASSWORD_LINK_TTL_MS[purpose]), purpose],
    );
    return setPasswordUrl(this.config.publicBaseUrl, token);
  }
}

function toView(user: User): UserView {
  return {
    id: user.id,
    account_id: user.accountId,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    created_at: formatTimestamp(user.createdAt),
    last_sign_in_at: formatTimestamp(user.lastSignInAt),
  };
}
