import { DEMO_ACCOUNT_NAME, type DemoAccess } from './demo.service.js';

/** What the server prints at start when SEED_DEMO is on: the key, a request to paste, and the console. */
export function demoBanner(access: DemoAccess, publicBaseUrl: string): string {
  return [
    `Demo account ${access.account_id} ("${DEMO_ACCOUNT_NAME}") API key: ${access.key}`,
    'Try it:',
    `  curl -H "Authorization: Bearer ${access.key}" ${publicBaseUrl}/api/v1/sites`,
    `Console: ${publicBaseUrl}/console`,
    `  sign in as ${access.email} with password ${access.password}`,
  ].join('\n');
}
