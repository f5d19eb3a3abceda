import {
  channelOf,
  learningLogLabel,
  markAgentConnection,
  markToolCallSent,
  toolOf,
} from './agent-call-label.js';

/** A request on a connection of its own, marked as the agent server's when `call` is given. */
function onConnection(call?: { tool?: string }) {
  const socket = {};
  if (call) markAgentConnection(socket, call);
  return {
    socket,
    headers: { 'x-content-api-channel': 'mcp', 'x-content-api-tool': 'list_sites' },
  };
}

describe('agent call labels', () => {
  it('labels the agent server’s connections mcp and every other api, whatever the headers say', () => {
    expect(channelOf(onConnection({ tool: 'list_sites' }))).toBe('mcp');
    expect(channelOf(onConnection({}))).toBe('mcp');
    expect(channelOf(onConnection())).toBe('api');
  });

  it('accepts a tool name only from the agent server, and only for the operation it maps to', () => {
    expect(toolOf(onConnection({ tool: 'update_article' }), 'updateArticle')).toBe(
      'update_article',
    );
    expect(toolOf(onConnection({ tool: 'update_article' }), 'listSites')).toBeNull();
    expect(toolOf(onConnection({ tool: 'drop_tables' }), 'listSites')).toBeNull();
    expect(toolOf(onConnection(), 'listSites')).toBeNull();
  });
});

describe('learningLogLabel', () => {
  const locals = () => ({ locals: {} as Record<string, unknown> });

  it('names an API call by its tool when the agent server made it, else by its operation', () => {
    const agent = { ...onConnection({ tool: 'get_stats' }), path: '/api/v1/sites/1/stats' };
    expect(learningLogLabel({ ...agent, operationId: 'getStats' }, locals())).toEqual({
      channel: 'mcp',
      operation: 'get_stats',
    });
    const direct = { ...onConnection(), path: '/api/v1/sites', operationId: 'listSites' };
    expect(learningLogLabel(direct, locals())).toEqual({ channel: 'api', operation: 'listSites' });
  });

  it('names a protocol message to /mcp by its method, and a refused tool call by its tool', () => {
    const message = (body: unknown) => ({ ...onConnection(), path: '/mcp', body });
    expect(learningLogLabel(message({ jsonrpc: '2.0', method: 'tools/list' }), locals())).toEqual({
      channel: 'mcp',
      operation: 'tools/list',
    });
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sites' } };
    expect(learningLogLabel(message(call), locals())).toEqual({
      channel: 'mcp',
      operation: 'list_sites',
    });
  });

  it('names a request to /mcp without a protocol method as the endpoint, not as an unknown path', () => {
    const request = (body: unknown) => ({ ...onConnection(), path: '/mcp', body });
    for (const body of [undefined, {}, 'not json-rpc', [], { method: 7 }]) {
      expect(learningLogLabel(request(body), locals())).toEqual({
        channel: 'mcp',
        operation: 'mcp',
      });
    }
  });

  it('names another spelling of /mcp or /api by its channel, with no operation', () => {
    const body = { jsonrpc: '2.0', method: 'tools/list' };
    for (const path of ['/MCP', '/mcp;x', '/mcp/'])
      expect(learningLogLabel({ ...onConnection(), path, body }, locals())).toEqual({
        channel: 'mcp',
        operation: null,
      });
    expect(learningLogLabel({ ...onConnection(), path: '/API/V1/SITES' }, locals())).toEqual({
      channel: 'api',
      operation: null,
    });
  });

  it('leaves out a /mcp message whose tool call reached the API, which logs it itself', () => {
    const res = locals();
    markToolCallSent(res);
    const req = { ...onConnection(), path: '/mcp', body: { method: 'tools/call' } };
    expect(learningLogLabel(req, res)).toBeNull();
  });
});
