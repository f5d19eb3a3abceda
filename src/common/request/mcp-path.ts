/** Where the hosted agent server answers: {mcp_url} is {base_url}/mcp. */
export const MCP_PATH = '/mcp';
