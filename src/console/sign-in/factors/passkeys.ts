import { Inject, Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../../config/app-config.js';
import { returnedRows } from './returned-rows.js';
import { APP_CONFIG } from '../../../config/config.module.js';

/** A name is a label the person gives ("Work laptop"). */
export const MAX_PASSKEY_NAME = 60;
const RP_NAME = 'content-api';
const TIMEOUT_MS = 120_000;

export interface PasskeyRow {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A passkey that proved its holder: whose it is. */
export interface PasskeyProof {
  userId: number;
  passkeyId: number;
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registering them, and
 * checking an assertion for signing in without a password (a discoverable
 * credential with user verification), as a second factor, or to
 * re-authenticate. The relying party is PUBLIC_BASE_URL: its host is the RP
 * ID and its origin the only origin accepted. Challenges are made here and
 * kept by the caller in the session, for one use.
 */
@Injectable()
export class Passkeys {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const url = new URL(config.publicBaseUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: number): Promise<PasskeyRow[]> {
    return this.dataSource.query<PasskeyRow[]>(
      `SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  }

  async count(userId: number): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1`,
      [userId],
    );
    return row.n;
  }

  async registrationOptions(user: {
    id: number;
    email: string;
    name: string | null;
  }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.credentials(user.id);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: user.name ?? user.email,
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing,
      // Discoverable, so that the same passkey signs in without an email or password.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Options for an assertion: any of the person's passkeys, or (no user) any discoverable one. */
  async authenticationOptions(userId?: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.rpID,
      timeout: TIMEOUT_MS,
      allowCredentials: userId === undefined ? [] : await this.credentials(userId),
      userVerification: userId === undefined ? 'required' : 'preferred',
    });
  }

  /** Registers the passkey the browser made for `challenge`; false when it does not check out. */
  async register(
    userId: number,
    name: string,
    response: RegistrationResponseJSON,
    challenge: string,
  ): Promise<boolean> {
    const verdict = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verdict?.verified) return false;
    const { credential } = verdict.registrationInfo;
    const added = await this.dataSource.query<unknown[]>(
      `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
      [
        userId,
        credential.id,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
        name,
      ],
    );
    return added.length > 0;
  }

  /**
   * Whose passkey signed `challenge`, when it checks out (and, with `userId`,
   * belongs to them); null otherwise. The signature counter must move on
   * when the authenticator keeps one.
   */
  async prove(
    response: AuthenticationResponseJSON,
    challenge: string,
    options: { userId?: number; userVerification: boolean },
  ): Promise<PasskeyProof | null> {
    if (typeof response?.id !== 'string') return null;
    const [row] = await this.dataSource.query<
      Array<{
        id: number;
        user_id: number;
        public_key: Buffer;
        counter: string;
        transports: string[];
      }>
    >(
      `SELECT id, user_id, public_key, counter, transports FROM passkeys WHERE credential_id = $1`,
      [response.id],
    );
    if (row === undefined) return null;
    if (options.userId !== undefined && row.user_id !== options.userId) return null;
    const verdict = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: options.userVerification,
      credential: {
        id: response.id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports,
      },
    }).catch(() => null);
    if (!verdict?.verified) return null;
    await this.dataSource.query(
      `UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1`,
      [row.id, verdict.authenticationInfo.newCounter],
    );
    return { userId: row.user_id, passkeyId: row.id };
  }

  async remove(userId: number, id: number): Promise<PasskeyRow | null> {
    const removed = await this.dataSource.query<unknown>(
      `DELETE FROM passkeys WHERE user_id = $1 AND id = $2 RETURNING id, name, created_at, last_used_at`,
      [userId, id],
    );
    return returnedRows<PasskeyRow>(removed)[0] ?? null;
  }

  /** Every passkey of the person (the operator's reset); how many there were. */
  async removeAll(userId: number): Promise<number> {
    return returnedRows(
      await this.dataSource.query<unknown>(`DELETE FROM passkeys WHERE user_id = $1 RETURNING id`, [
        userId,
      ]),
    ).length;
  }

  private async credentials(
    userId: number,
  ): Promise<Array<{ id: string; transports: AuthenticatorTransport[] }>> {
    const rows = await this.dataSource.query<
      Array<{ credential_id: string; transports: string[] }>
    >(`SELECT credential_id, transports FROM passkeys WHERE user_id = $1`, [userId]);
    return rows.map((row) => ({
      id: row.credential_id,
      transports: row.transports as AuthenticatorTransport[],
    }));
  }
}
