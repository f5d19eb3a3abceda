import type { AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { OAuthRecordStore } from './oauth-record-store.js';

const LOOPBACK_HTTP_CLIENT_ID = /^http:\/\/127\.0\.0\.1(:\d+)?\//;

/**
 * Registered clients, plus — only with OAUTH_ALLOW_INSECURE_METADATA_URLS,
 * for tests — client metadata documents served over http from 127.0.0.1,
 * which oidc-provider's own metadata-document support (https only) does not
 * fetch. The same fetch and the same rule apply: the document's `client_id`
 * must be its own address.
 */
export class LoopbackClientStore extends OAuthRecordStore {
  constructor(
    dataSource: DataSource,
    private readonly fetchDocument: (url: string) => Promise<Response>,
  ) {
    super(dataSource, 'Client');
  }

  override async find(id: string): Promise<AdapterPayload | undefined> {
    const registered = await super.find(id);
    if (registered !== undefined || !LOOPBACK_HTTP_CLIENT_ID.test(id)) return registered;
    let document: unknown;
    try {
      const response = await this.fetchDocument(id);
      if (response.status !== 200) return undefined;
      document = await response.json();
    } catch {
      // Unreachable, refused or not JSON: no such client (invalid_client).
      return undefined;
    }
    if (typeof document !== 'object' || document === null) return undefined;
    const metadata = document as AdapterPayload;
    return metadata.client_id === id ? metadata : undefined;
  }
}
