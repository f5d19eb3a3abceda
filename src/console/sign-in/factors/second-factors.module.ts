import { Module } from '@nestjs/common';
import { Passkeys } from './passkeys.js';
import { RecoveryCodes } from './recovery-codes.js';
import { SecondFactors } from './second-factors.js';
import { SecretBox } from './secret-box.js';
import { TotpFactors } from './totp-factors.js';

/**
 * A person's second factors and their tables, without any of the browser
 * session: the sign-in pages use them, and so does the operator's CLI
 * (`users reset-factors`), which builds no HTTP layer.
 */
@Module({
  providers: [SecretBox, TotpFactors, RecoveryCodes, Passkeys, SecondFactors],
  exports: [TotpFactors, RecoveryCodes, Passkeys, SecondFactors],
})
export class SecondFactorsModule {}
