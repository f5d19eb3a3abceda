import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import {
  ResourceNotFoundError,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/server';

/**
 * The MCP App of get_report (the io.modelcontextprotocol/ui extension): one
 * HTML page, with its script and styles inside, that hosts with apps show in
 * the chat with the report's charts and tables. `scripts/build-mcp-apps.js`
 * bundles it from `mcp-apps/report/` once, at build time; the agent server
 * reads the page on first use and serves it from memory. Hosts without the
 * extension never ask for it and read the tool's text and structured result.
 */
export const REPORT_APP_URI = 'ui://content-api/report.html';

/**
 * No network origin at all: the page loads nothing and connects nowhere, so
 * the extension's restrictive default policy (no connect, resource or frame
 * domains) is what it asks for.
 */
const UI_META = {
  ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true },
};

export const REPORT_APP_RESOURCE: Resource = {
  uri: REPORT_APP_URI,
  name: 'report_view',
  title: 'Website report view',
  description:
    'Charts and tables of a get_report result, with a period switch and comparison choice, for hosts that show MCP Apps.',
  mimeType: RESOURCE_MIME_TYPE,
  _meta: UI_META,
};

/** The `_meta` of a tool whose result the app shows: the current key and the older flat one. */
export function appToolMeta(uri: string): Record<string, unknown> {
  return { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri };
}

/** Where the build writes the page: dist/mcp-apps/ of the package, from src/ (tests) or dist/src/. */
function builtPage(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return join(folder, 'dist', 'mcp-apps', 'report.html');
}

let page: Promise<string> | undefined;

function reportPage(): Promise<string> {
  page ??= readFile(builtPage(), 'utf8').catch((error: unknown) => {
    page = undefined;
    throw error;
  });
  return page;
}

/** resources/read: the app's page, or not found for any other URI. */
export async function readAppResource(uri: string): Promise<ReadResourceResult> {
  if (uri !== REPORT_APP_URI) throw new ResourceNotFoundError(uri);
  let html: string;
  try {
    html = await reportPage();
  } catch {
    throw new ResourceNotFoundError(
      uri,
      `The report view was not built: run npm run build (${REPORT_APP_URI}).`,
    );
  }
  return { contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: html, _meta: UI_META }] };
}
