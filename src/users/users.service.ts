import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { Account } from '../auth/entities/account.entity.js';
import { NotFoundError } from '../common/errors/api-error.js';
import { formatTimestamp } from '../common/dates.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { emailKey, normaliseEmail } from './email-address.js';
import { User, UserRole, UserStatus } from './entities/user.entity.js';
import { PasswordHasher } from './password-hasher.js';
import {
  hashLinkToken,
  newLinkToken,
  PASSWORD_LINK_TTL_MS,
  setPasswordUrl,
} from './password-links.js';
import { assertAcceptablePassword } from './password-policy.js';
import { EmailTakenError, PasswordLinkInvalidError, UserNotFoundError } from './users.errors.js';

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
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The people of an account: creating them, their passwords and set-password
 * links, and disabling them. Anything that must end a user's sessions moves
 * their `session_epoch` on; sessions check it on every request.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(accountId: number, input: NewUser): Promise<UserWithLink> {
    const email = normaliseEmail(input.email);
    if (input.password !== undefined) assertAcceptablePassword(input.password);
    if (!(await this.accounts.existsBy({ id: accountId }))) {
      throw new NotFoundError(`Account ${accountId} does not exist.`);
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
        const link = passwordHash === null ? await this.newLink(manager, user.id) : null;
        return { ...toView(user), set_password_url: link };
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
      throw error;
    }
  }

  async list(accountId: number): Promise<UserView[]> {
    if (!(await this.accounts.existsBy({ id: accountId }))) {
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

  /** Disabled users cannot sign in, and their sessions end at their next request. */
  async setStatus(userId: number, status: UserStatus): Promise<UserView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, userId, true);
      if (user.status !== status) {
        await manager.update(User, userId, {
          status,
          sessionEpoch: user.sessionEpoch + (status === 'disabled' ? 1 : 0),
        });
      }
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
      const link = await this.newLink(manager, userId);
      return { ...toView(user), set_password_url: link };
    });
  }

  /**
   * Sets a password directly (the demo user's, made by the service itself):
   * the user's other sessions end.
   */
  async setPassword(userId: number, password: string): Promise<void> {
    assertAcceptablePassword(password);
    const passwordHash = await this.hasher.hash(password);
    const updated = await this.dataSource.query<[unknown[], number]>(
      `UPDATE users SET password_hash = $2, session_epoch = session_epoch + 1, updated_at = now()
        WHERE id = $1`,
      [userId, passwordHash],
    );
    if (updated[1] === 0) throw new UserNotFoundError(userId);
  }

  /** The user a set-password link is for, while it can still be used. */
  async linkHolder(token: string): Promise<UserView> {
    const [row] = await this.dataSource.query<Array<{ user_id: number }>>(
      `SELECT l.user_id FROM password_links l JOIN users u ON u.id = l.user_id
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'active'`,
      [hashLinkToken(token)],
    );
    if (!row) throw new PasswordLinkInvalidError();
    return this.get(row.user_id);
  }

  /** Sets the password through a link, once: the link is used up and other sessions end. */
  async setPasswordWithLink(token: string, password: string): Promise<UserView> {
    assertAcceptablePassword(password);
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

  private async find(manager: EntityManager, userId: number, lock = false): Promise<User> {
    const user = await manager.findOne(User, {
      where: { id: userId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw new UserNotFoundError(userId);
    return user;
  }

  /** A new link for the user; links made before it stop working. */
  private async newLink(manager: EntityManager, userId: number): Promise<string> {
    const token = newLinkToken();
    await manager.query(`DELETE FROM password_links WHERE user_id = $1`, [userId]);
    await manager.query(
      `INSERT INTO password_links (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`,
      [userId, hashLinkToken(token), new Date(Date.now() + PASSWORD_LINK_TTL_MS)],
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
