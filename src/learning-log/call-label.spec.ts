import {
  markAgentConnection,
  markToolCallSent,
  noteAgentMessage,
  type AgentCall,
} from '../common/request/agent-connection.js';
import { learningLogLabel } from './call-label.js';

/** A request on a connection of its own, marked as the agent server's when `call` is given. */
function onConnection(call?: AgentCall) {
  const socket = {};
  if (call) markAgentConnection(socket, call);
  return { socket };
}

/** A response on which the agent server noted what its message was (as its body parser does). */
function answering(message?: string | null) {
  const res = { locals: {} as Record<string, unknown> };
  if (message !== undefined) noteAgentMessage(res, message);
  return res;
}

describe('learningLogLabel', () => {
  it('names an API call by its tool when the agent server made it, else by its operation', () => {
    const agent = {
      ...onConnection({ tool: 'get_stats', operationId: 'getStats' }),
      path: '/api/v1/sites/1/stats',
    };
    expect(learningLogLabel({ ...agent, operationId: 'getStats' }, answering())).toEqual({
      channel: 'mcp',
      operation: 'get_stats',
    });
    const direct = { ...onConnection(), path: '/api/v1/sites', operationId: 'listSites' };
    expect(learningLogLabel(direct, answering())).toEqual({
      channel: 'api',
      operation: 'listSites',
    });
  });

  it('names a protocol message to /mcp as the agent server noted it', () => {
    const message = { ...onConnection(), path: '/mcp' };
    expect(learningLogLabel(message, answering('tools/list'))).toEqual({
      channel: 'mcp',
      operation: 'tools/list',
    });
    expect(learningLogLabel(message, answering('list_sites'))).toEqual({
      channel: 'mcp',
      operation: 'list_sites',
    });
  });

  it('names a request to /mcp without a protocol method as the endpoint, not as an unknown path', () => {
    const request = { ...onConnection(), path: '/mcp' };
    for (const noted of [undefined, null]) {
      expect(learningLogLabel(request, answering(noted))).toEqual({
        channel: 'mcp',
        operation: 'mcp',
      });
    }
  });

  it('names another spelling of /mcp or /api by its channel, with no operation', () => {
    for (const path of ['/MCP', '/mcp;x', '/mcp/'])
      expect(learningLogLabel({ ...onConnection(), path }, answering('tools/list'))).toEqual({
        channel: 'mcp',
        operation: null,
      });
    expect(learningLogLabel({ ...onConnection(), path: '/API/V1/SITES' }, answering())).toEqual({
      channel: 'api',
      operation: null,
    });
  });

  it('leaves out a /mcp message whose tool call reached the API, which logs it itself', () => {
    const res = answering('tools/call');
    markToolCallSent(res);
    expect(learningLogLabel({ ...onConnection(), path: '/mcp' }, res)).toBeNull();
  });
});
