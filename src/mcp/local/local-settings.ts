import { looksLikeApiKey } from '../../auth/index.js';

/** What the local agent server needs: a key and the deployment to call. */
export interface LocalSettings {
  apiKey: string;
  /** The server root without a trailing slash, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** SERVICE_READ_ONLY: offer only the tools that change nothing. */
  readOnly: boolean;
}

/** A setting is missing or wrong; the message says which and how to fix it. */
export class LocalSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalSettingsError';
  }
}

export function readLocalSettings(env: Record<string, string | undefined>): LocalSettings {
  const apiKey = env.SERVICE_API_KEY?.trim() ?? '';
  if (apiKey === '') {
    throw new LocalSettingsError(
      'SERVICE_API_KEY is not set: set it to an API key of your account (it starts with cbr_).',
    );
  }
  if (!looksLikeApiKey(apiKey)) {
    throw new LocalSettingsError(
      'SERVICE_API_KEY is not a content-api key: keys are cbr_ followed by 40 letters and digits.',
    );
  }
  return {
    apiKey,
    baseUrl: baseUrlFrom(env.SERVICE_API_URL?.trim() ?? ''),
    readOnly: readOnlyFrom(env.SERVICE_READ_ONLY?.trim() ?? ''),
  };
}

function readOnlyFrom(raw: string): boolean {
  if (/^(|false|0)$/i.test(raw)) return false;
  if (/^(true|1)$/i.test(raw)) return true;
  throw new LocalSettingsError(`SERVICE_READ_ONLY must be true or false (got "${raw}").`);
}

function baseUrlFrom(raw: string): string {
  if (raw === '') {
    throw new LocalSettingsError(
      'SERVICE_API_URL is not set: set it to the address of the content-api server, e.g. http://localhost:3000.',
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LocalSettingsError(
      `SERVICE_API_URL must be an absolute http or https address (got "${raw}").`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LocalSettingsError(
      `SERVICE_API_URL must be an absolute http or https address (got "${raw}").`,
    );
  }
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (/\/api\/v1$/.test(base)) {
    throw new LocalSettingsError(
      `SERVICE_API_URL is the server's root address, without /api/v1 (got "${raw}"; use "${base.replace(/\/api\/v1$/, '')}").`,
    );
  }
  return base;
}
