import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What an owner decides about signing in to their account: whether everyone needs a second factor. */
@Injectable()
export class SignInPolicies {
  constructor(private readonly dataSource: DataSource) {}

  async secondFactorRequired(accountId: number): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ second_factor_required: boolean }>>(
      `SELECT second_factor_required FROM account_sign_in_policies WHERE account_id = $1`,
      [accountId],
    );
    return row?.second_factor_required ?? false;
  }

  async requireSecondFactor(accountId: number, required: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO account_sign_in_policies (account_id, second_factor_required) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET second_factor_required = $2, updated_at = now()`,
      [accountId, required],
    );
  }
}
