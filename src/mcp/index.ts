export { authenticateMcpFirst } from './hosted/mcp-authentication.js';
export { mcpBodyParser } from './hosted/mcp-body-parser.js';
export { serveLocalAgent } from './local/local-agent-server.js';
export { LocalSettingsError } from './local/local-settings.js';
export { McpModule } from './mcp.module.js';
