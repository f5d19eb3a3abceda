import { Injectable } from '@nestjs/common';
import { Passkeys } from './passkeys.js';
import { RecoveryCodes } from './recovery-codes.js';
import { TotpFactors } from './totp-factors.js';

/** Which second factors a person has. */
export interface FactorSummary {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/**
 * A person's second factors together: whether they have one (an
 * authenticator app or a passkey; recovery codes only stand in for those),
 * and checking a code typed at the second step.
 */
@Injectable()
export class SecondFactors {
  constructor(
    readonly totp: TotpFactors,
    readonly recovery: RecoveryCodes,
    readonly passkeys: Passkeys,
  ) {}

  async summary(userId: number): Promise<FactorSummary> {
    const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
      this.totp.isConfirmed(userId),
      this.passkeys.count(userId),
      this.recovery.remaining(userId),
    ]);
    return { totp, passkeys, recoveryCodesLeft };
  }

  async hasFactor(userId: number): Promise<boolean> {
    const { totp, passkeys } = await this.summary(userId);
    return totp || passkeys > 0;
  }

  /** A code from the app, or a recovery code; each accepted once. */
  async checkCode(userId: number, code: string): Promise<'app' | 'recovery' | null> {
    if (/^\s*\d{3}\s?\d{3}\s*$/.test(code))
      return (await this.totp.verify(userId, code)) ? 'app' : null;
    return (await this.recovery.use(userId, code)) ? 'recovery' : null;
  }

  /**
   * The operator's reset for a person who lost every factor and every
   * recovery code (`content-api users reset-factors`): all of them go. The
   * caller ends the person's sessions; an account that requires a factor
   * leads them to set a new one up at their next sign-in.
   */
  async removeAll(userId: number): Promise<{ app: boolean; passkeys: number }> {
    const [app, passkeys] = await Promise.all([
      this.totp.removeAny(userId),
      this.passkeys.removeAll(userId),
      this.recovery.removeAll(userId),
    ]);
    return { app, passkeys };
  }

  /** After a factor is removed: with none left, the recovery codes go too. */
  async tidyAfterRemoval(userId: number): Promise<void> {
    if (!(await this.hasFactor(userId))) await this.recovery.removeAll(userId);
  }
}
