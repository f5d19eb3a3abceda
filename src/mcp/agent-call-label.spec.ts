import {
  agentCallHeaders,
  channelOf,
  learningLogLabel,
  markToolCallSent,
  toolOf,
} from './agent-call-label.js';

const agent = (tool?: string) => ({ headers: agentCallHeaders(tool) });

describe('agent call labels', () => {
  it('labels the agent server’s calls with channel mcp, and every other call api', () => {
    expect(channelOf(agent('list_sites'))).toBe('mcp');
    expect(channelOf({ headers: {} })).toBe('api');
    expect(channelOf({ headers: { 'x-content-api-channel': 'MCP!' } })).toBe('api');
  });

  it('accepts a tool name only for the operation that tool maps to', () => {
    expect(toolOf(agent('update_article'), 'updateArticle')).toBe('update_article');
    expect(toolOf(agent('update_article'), 'listSites')).toBeNull();
    expect(toolOf(agent('drop_tables'), 'listSites')).toBeNull();
    expect(toolOf({ headers: { 'x-content-api-tool': 'list_sites' } }, 'listSites')).toBeNull();
  });
});

describe('learningLogLabel', () => {
  const locals = () => ({ locals: {} as Record<string, unknown> });

  it('names an API call by its tool when the agent server made it, else by its operation', () => {
    const req = { ...agent('get_stats'), path: '/api/v1/sites/1/stats', operationId: 'getStats' };
    expect(learningLogLabel(req, locals())).toEqual({ channel: 'mcp', operation: 'get_stats' });
    expect(
      learningLogLabel({ headers: {}, path: '/api/v1/sites', operationId: 'listSites' }, locals()),
    ).toEqual({ channel: 'api', operation: 'listSites' });
  });

  it('names a protocol message to /mcp by its method, and a refused tool call by its tool', () => {
    const message = (body: unknown) => ({ headers: {}, path: '/mcp', body });
    expect(learningLogLabel(message({ jsonrpc: '2.0', method: 'tools/list' }), locals())).toEqual({
      channel: 'mcp',
      operation: 'tools/list',
    });
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sites' } };
    expect(learningLogLabel(message(call), locals())).toEqual({
      channel: 'mcp',
      operation: 'list_sites',
    });
    expect(learningLogLabel(message('not json-rpc'), locals())).toEqual({
      channel: 'mcp',
      operation: null,
    });
  });

  it('leaves out a /mcp message whose tool call reached the API, which logs it itself', () => {
    const res = locals();
    markToolCallSent(res);
    const req = { headers: {}, path: '/mcp', body: { method: 'tools/call' } };
    expect(learningLogLabel(req, res)).toBeNull();
  });
});
