import { jest } from '@jest/globals';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { generateApiKey } from './api-key.codec.js';
import { Authenticator } from './authenticator.service.js';
import type { AccessTokenVerifier } from './access-token-verifier.js';
import type { KeyUsageRecorder } from './key-usage.recorder.js';

describe('Authenticator.authenticateRequest', () => {
  const row = {
    id: 7,
    account_id: 3,
    scopes: ['read'],
    expires_at: null,
    revoked_at: null,
    plan: 'agency',
    status: 'active',
  };

  function setUp() {
    const query = jest.fn(() => Promise.resolve([row]));
    const record = jest.fn();
    const authenticator = new Authenticator(
      { query } as unknown as DataSource,
      { record } as unknown as KeyUsageRecorder,
      { find: () => Promise.resolve(null) } as unknown as AccessTokenVerifier,
    );
    return { authenticator, query, record };
  }

  it('gives one verdict per request: the key is looked up and its use counted once', async () => {
    const { authenticator, query, record } = setUp();
    const req = { headers: { authorization: `Bearer ${generateApiKey()}` } } as Request;
    const first = await authenticator.authenticateRequest(req);
    const second = await authenticator.authenticateRequest(req);
    expect(second).toBe(first);
    expect(first).toEqual({
      accountId: 3,
      keyId: 7,
      connectionId: null,
      scopes: ['read'],
      plan: 'agency',
    });
    expect(query).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect(req.auth).toEqual({ keyId: 7, connectionId: null, accountId: 3, principal: first });
  });

  it('repeats a refusal for the same request, and keeps what it learned on req.auth', async () => {
    const { authenticator } = setUp();
    const req = { headers: {} } as Request;
    await expect(authenticator.authenticateRequest(req)).rejects.toMatchObject({
      code: 'missing_credentials',
    });
    await expect(authenticator.authenticateRequest(req)).rejects.toMatchObject({
      code: 'missing_credentials',
    });
    expect(req.auth).toEqual({
      keyId: null,
      connectionId: null,
      accountId: null,
      principal: null,
    });
  });
});
