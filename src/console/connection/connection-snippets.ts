import { MCP_PATH } from '../../common/request/mcp-path.js';

export interface ConnectionSnippet {
  id: string;
  title: string;
  explanation: string;
  text: string;
}

/**
 * The ways to use a new key, filled in with it: a curl request, the local
 * agent server (SERVICE_API_KEY / SERVICE_API_URL) and the hosted one at
 * {mcp_url}, as the README describes them.
 */
export function connectionSnippets(key: string, baseUrl: string): ConnectionSnippet[] {
  const mcpUrl = `${baseUrl}${MCP_PATH}`;
  return [
    {
      id: 'snippet-curl',
      title: 'Call the API',
      explanation:
        'Lists the sites of your account. Either header works: Authorization: Bearer, or X-API-Key.',
      text: `curl -H "Authorization: Bearer ${key}" ${baseUrl}/api/v1/sites`,
    },
    {
      id: 'snippet-hosted',
      title: 'Hosted agent server (MCP over HTTP)',
      explanation: `For assistants that connect to a URL (Claude Code, Cursor, VS Code…): ${mcpUrl} with the key as a bearer token.`,
      text: JSON.stringify(
        {
          mcpServers: {
            'content-api': {
              type: 'http',
              url: mcpUrl,
              headers: { Authorization: `Bearer ${key}` },
            },
          },
        },
        null,
        2,
      ),
    },
    {
      id: 'snippet-local',
      title: 'Local agent server (MCP over stdio)',
      explanation:
        'For assistants that start servers from a JSON file (Claude Desktop, Cursor, Windsurf…), run from a checkout of content-api.',
      text: JSON.stringify(
        {
          mcpServers: {
            'content-api': {
              command: 'node',
              args: ['/absolute/path/to/content-api/bin/content-api.js', 'mcp'],
              env: { SERVICE_API_KEY: key, SERVICE_API_URL: baseUrl },
            },
          },
        },
        null,
        2,
      ),
    },
  ];
}
