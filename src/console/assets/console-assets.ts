import { createHash } from 'node:crypto';
import { CONSOLE_SCRIPT } from './console-script.js';
import { CONSOLE_STYLESHEET, FRAME_STYLESHEET } from './console-stylesheet.js';
import { PASSKEY_SCRIPT } from './passkey-script.js';

export interface ConsoleAsset {
  body: string;
  type: string;
  /** Part of the asset's URL: a changed asset is a new URL, so it can be cached for good. */
  version: string;
}

function asset(body: string, type: string): ConsoleAsset {
  return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

export type ConsoleAssetName = 'console.css' | 'frame.css' | 'console.js' | 'passkey.js';

export const CONSOLE_ASSETS: Record<ConsoleAssetName, ConsoleAsset> = {
  'console.css': asset(CONSOLE_STYLESHEET, 'text/css; charset=utf-8'),
  'frame.css': asset(FRAME_STYLESHEET, 'text/css; charset=utf-8'),
  'console.js': asset(CONSOLE_SCRIPT, 'text/javascript; charset=utf-8'),
  'passkey.js': asset(PASSKEY_SCRIPT, 'text/javascript; charset=utf-8'),
};

export const ASSETS_PATH = '/console/assets';

/** The URL of an asset, with its version. */
export function assetUrl(name: ConsoleAssetName): string {
  return `${ASSETS_PATH}/${name}?v=${CONSOLE_ASSETS[name].version}`;
}
