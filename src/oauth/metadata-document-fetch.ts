import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from '../common/net/public-address.js';

/** How long fetching an assistant's metadata document may take, start to end. */
export const METADATA_FETCH_TIMEOUT_MS = 5_000;
/** The largest metadata document read; a longer one is refused. */
export const METADATA_MAX_BYTES = 64 * 1024;

export class MetadataFetchRefused extends Error {
  constructor(url: string, reason: string) {
    super(`Not fetching ${url}: ${reason}`);
    this.name = 'MetadataFetchRefused';
  }
}

export interface MetadataFetchOptions {
  /**
   * Tests only (OAUTH_ALLOW_INSECURE_METADATA_URLS): also fetch from
   * 127.0.0.1, over http or over https with a certificate nobody signed.
   */
  allowLoopback: boolean;
}

/**
 * The authorization server's only way out to the network (oidc-provider's
 * `fetch` hook): it fetches assistants' client metadata documents. A URL an
 * assistant names must not turn the server against its own network, so the
 * host's addresses are resolved first and every one must be public; the
 * request then goes to the address that was checked (no second lookup that
 * could answer differently). https only, no redirects followed, 5 seconds,
 * 64 KB. The library's own deadline (`init.signal`) is replaced by ours.
 */
export function metadataDocumentFetch(
  options: MetadataFetchOptions,
): (input: string | URL | Request) => Promise<Response> {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const insecure =
      options.allowLoopback &&
      hostname === '127.0.0.1' &&
      (url.protocol === 'http:' || url.protocol === 'https:');
    if (url.protocol !== 'https:' && !insecure) {
      throw new MetadataFetchRefused(url.href, 'only https addresses are fetched');
    }
    const addresses =
      isIP(hostname) !== 0
        ? [{ address: hostname, family: isIP(hostname) }]
        : await lookup(hostname, { all: true, verbatim: true });
    if (!insecure && !addresses.every(({ address }) => isPublicAddress(address))) {
      throw new MetadataFetchRefused(url.href, 'the host has a private or special-use address');
    }
    const [target] = addresses;
    if (target === undefined) throw new MetadataFetchRefused(url.href, 'the host has no address');
    return get(url, target.address, target.family, insecure);
  };
}

/** Statuses a Response may not carry a body with. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function get(url: URL, address: string, family: number, insecure: boolean): Promise<Response> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: address,
        family,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // The certificate is checked against the name, the connection goes to the checked address.
        servername: isIP(url.hostname) === 0 ? url.hostname : undefined,
        headers: { host: url.host, accept: 'application/json', 'user-agent': 'content-api' },
        timeout: METADATA_FETCH_TIMEOUT_MS,
        rejectUnauthorized: !insecure,
      },
      (response) => {
        read(response).then((body) => {
          const status = response.statusCode ?? 502;
          const empty = NULL_BODY_STATUSES.has(status) || body.length === 0;
          resolve(new Response(empty ? null : body, { status, headers: headersOf(response) }));
        }, reject);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error('the metadata document took too long')),
      METADATA_FETCH_TIMEOUT_MS,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('the metadata document took too long')));
    request.on('error', reject);
    request.end();
  });
}

async function read(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > METADATA_MAX_BYTES) {
      response.destroy();
      throw new Error(`the metadata document is larger than ${METADATA_MAX_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
