import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { Scope } from '../../auth/entities/api-key.entity.js';
import { knownScopes } from '../../oauth/oauth-scopes.js';
import { ConsolePageError } from '../console.errors.js';

/** What an assistant asks for, as the consent page shows it. */
export interface AssistantRequest {
  uid: string;
  clientId: string;
  /** The name the assistant gives itself, or its client id's host when it gives none. */
  assistantName: string;
  /** The host of its client id when that is a metadata document's address, else null (registered). */
  clientHost: string | null;
  redirectUri: string;
  redirectHost: string;
  resource: string;
  scopes: Scope[];
}

export class AuthorizationRequestExpiredError extends ConsolePageError {
  constructor() {
    super(
      400,
      'invalid_request',
      'This connection request has expired',
      'It is no longer waiting for an answer, or was answered already. Start connecting again from your assistant.',
    );
  }
}

/**
 * The authorization request waiting behind consent page `uid`, read from the
 * authorization server (its interaction, found by the cookie it set).
 */
export async function assistantRequestOf(
  provider: Provider,
  uid: string,
  req: Request,
  res: Response,
  defaultResource: string,
): Promise<AssistantRequest> {
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    throw new AuthorizationRequestExpiredError();
  }
  if (details.uid !== uid) throw new AuthorizationRequestExpiredError();
  const params = details.params as Record<string, unknown>;
  const clientId = String(params.client_id);
  const client = await provider.Client.find(clientId);
  if (client === undefined) throw new AuthorizationRequestExpiredError();
  const redirectUri = String(params.redirect_uri);
  const clientHost = hostOf(clientId);
  const requested = knownScopes(params.scope);
  return {
    uid,
    clientId,
    assistantName: client.clientName ?? clientHost ?? 'An unnamed assistant',
    clientHost,
    redirectUri,
    redirectHost: hostOf(redirectUri) ?? redirectUri,
    resource: typeof params.resource === 'string' ? params.resource : defaultResource,
    // Asking for no scope we know is asking to read.
    scopes: requested.length > 0 ? requested : ['read'],
  };
}

function hostOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : null;
  } catch {
    return null;
  }
}
