import { channelOf, markAgentConnection, toolOf, type AgentCall } from './agent-connection.js';

/** A request on a connection of its own, marked as the agent server's when `call` is given. */
function onConnection(call?: AgentCall) {
  const socket = {};
  if (call) markAgentConnection(socket, call);
  return {
    socket,
    headers: { 'x-content-api-channel': 'mcp', 'x-content-api-tool': 'list_sites' },
  };
}

describe('agent connections', () => {
  it('labels the agent server’s connections mcp and every other api, whatever the headers say', () => {
    expect(channelOf(onConnection({ tool: 'list_sites', operationId: 'listSites' }))).toBe('mcp');
    expect(channelOf(onConnection({}))).toBe('mcp');
    expect(channelOf(onConnection())).toBe('api');
  });

  it('accepts a tool name only from the agent server, and only for the operation it was marked with', () => {
    const edit = { tool: 'update_article', operationId: 'updateArticle' };
    expect(toolOf(onConnection(edit), 'updateArticle')).toBe('update_article');
    expect(toolOf(onConnection(edit), 'listSites')).toBeNull();
    expect(toolOf(onConnection({ tool: 'drop_tables' }), 'listSites')).toBeNull();
    expect(toolOf(onConnection(), 'listSites')).toBeNull();
  });
});
