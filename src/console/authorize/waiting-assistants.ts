import { Injectable } from '@nestjs/common';
import { CONSENT_PATH } from '../../common/request/oauth-paths.js';
import { AuthorizationServer } from '../../oauth/index.js';
import { assistantNameOf } from './assistant-request.js';

/** A consent page's path, `/console/authorize/{uid}`, as sign-in's return_to carries it. */
const CONSENT_PAGE = new RegExp(`^${CONSENT_PATH}/([A-Za-z0-9_-]{1,64})$`);

/**
 * The assistant an authorization request comes from, for the sign-in page it
 * sends a person through: that page names who is asking before they sign in.
 */
@Injectable()
export class WaitingAssistants {
  constructor(private readonly server: AuthorizationServer) {}

  /**
   * The registered name of the assistant whose request waits at `returnTo`
   * (a consent page's path); undefined for any other path, or a request that
   * is unknown, expired or from a client no longer known.
   */
  async nameFor(returnTo: string): Promise<string | undefined> {
    const uid = CONSENT_PAGE.exec(returnTo)?.[1];
    if (uid === undefined) return undefined;
    const provider = await this.server.provider();
    const interaction = await provider.Interaction.find(uid);
    const clientId = interaction?.params.client_id;
    if (typeof clientId !== 'string') return undefined;
    try {
      const client = await provider.Client.find(clientId);
      return client === undefined ? undefined : assistantNameOf(client);
    } catch {
      // A metadata document that cannot be fetched now: the page just does not name it.
      return undefined;
    }
  }
}
