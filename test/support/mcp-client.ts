import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from './test-app.js';

// import.meta.url, not import.meta.dirname: Jest's ESM modules have only the former.
/** The package's real `content-api` command; it runs the build (`npm run build`). */
export const CLI_BIN = fileURLToPath(new URL('../../bin/content-api.js', import.meta.url));
const BUILT_CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

/** Starts the test app listening on an ephemeral loopback port; returns its base address. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The SDK's own client on the hosted agent server, with `headers` on every request. */
export async function hostedClient(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<Client> {
  const client = new Client({ name: 'content-api-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }),
  );
  return client;
}

export function assertBuilt(): void {
  if (!existsSync(BUILT_CLI)) {
    throw new Error(`The local agent server runs the build: run \`npm run build\` first.`);
  }
}

/** The SDK's own client on `content-api mcp`, spawned as an assistant would, over stdio. */
export async function localClient(env: Record<string, string>): Promise<Client> {
  assertBuilt();
  const client = new Client({ name: 'content-api-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI_BIN, 'mcp'],
      env,
      stderr: 'ignore',
    }),
  );
  return client;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text blocks of a result: the summary line, then the JSON. */
export function texts(result: CallToolResult): string[] {
  return result.content.map((block) => (block.type === 'text' ? block.text : ''));
}
