import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { Scope } from '../../common/request/scopes.js';
import { knownScopes, OAUTH_SCOPES } from '../../common/request/scopes.js';
import { ConsolePageError } from '../console.errors.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Client = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>;

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
  /** What Allow grants: the scopes asked for, or when it names none we know, the default. */
  scopes: Scope[];
  /** Whether the request named the scopes itself (false: `scopes` is the default). */
  scopesNamed: boolean;
  /** The authorization server's record of the request, which Allow and Deny answer. */
  interaction: Interaction;
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

/** A second answer (Allow or Deny) to a consent request that has one already. */
export class AuthorizationRequestAnsweredError extends ConsolePageError {
  constructor() {
    super(
      409,
      'already_answered',
      'This connection request was already answered',
      'Only the first answer counts, and this one changed nothing. If the assistant was allowed and should not be, disconnect it under Connection, Connected assistants.',
    );
  }
}

/**
 * The authorization request waiting behind consent page `uid`, read from the
 * authorization server (its interaction, found by the cookie it set). A
 * request that names no scope we know asks for the default (RFC 6749 §3.3):
 * the scopes the assistant registered, or when it registered none, every
 * scope the server offers — `read write`, as /mcp's challenge advertises.
 */
export async function assistantRequestOf(
  provider: Provider,
  uid: string,
  req: Request,
  res: Response,
  defaultResource: string,
): Promise<AssistantRequest> {
  let details: Interaction;
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
  const registered = knownScopes(client.scope);
  return {
    uid,
    clientId,
    assistantName: assistantNameOf(client),
    clientHost,
    redirectUri,
    redirectHost: hostOf(redirectUri) ?? redirectUri,
    resource: typeof params.resource === 'string' ? params.resource : defaultResource,
    scopes:
      requested.length > 0 ? requested : registered.length > 0 ? registered : [...OAUTH_SCOPES],
    scopesNamed: requested.length > 0,
    interaction: details,
  };
}

/** The name an assistant gives itself at registration, or its client id's host when it gives none. */
export function assistantNameOf(client: Client): string {
  return client.clientName ?? hostOf(client.clientId) ?? 'An unnamed assistant';
}

function hostOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : null;
  } catch {
    return null;
  }
}
