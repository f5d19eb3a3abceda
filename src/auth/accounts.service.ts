import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { NotFoundError } from '../common/errors/api-error.js';
import { Account, AccountStatus, Plan } from './entities/account.entity.js';

export interface AccountView {
  id: number;
  name: string;
  plan: Plan;
  status: AccountStatus;
}

/** Accounts: made by the operator, read by every module that needs one (the `accounts` table's owner). */
@Injectable()
export class AccountsService {
  constructor(@InjectRepository(Account) private readonly accounts: Repository<Account>) {}

  async create(name: string, plan: Plan): Promise<AccountView> {
    const account = await this.accounts.save(
      this.accounts.create({ name, plan, status: 'active' }),
    );
    return toView(account);
  }

  async setStatus(id: number, status: AccountStatus): Promise<AccountView> {
    const account = await this.accounts.findOneBy({ id });
    if (!account) throw new NotFoundError(`Account ${id} does not exist.`);
    account.status = status;
    return toView(await this.accounts.save(account));
  }

  /** The account, or null when there is none. */
  async find(id: number): Promise<AccountView | null> {
    const account = await this.accounts.findOneBy({ id });
    return account ? toView(account) : null;
  }

  /** Whether the account exists; in the caller's transaction when `manager` is given. */
  exists(id: number, manager: EntityManager = this.accounts.manager): Promise<boolean> {
    return manager.existsBy(Account, { id });
  }

  async findByName(name: string): Promise<AccountView | null> {
    const account = await this.accounts.findOne({ where: { name }, order: { id: 'ASC' } });
    return account ? toView(account) : null;
  }
}

function toView(account: Account): AccountView {
  return { id: account.id, name: account.name, plan: account.plan, status: account.status };
}
