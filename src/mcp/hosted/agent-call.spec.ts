import { markAgentConnection, toolOf } from '../../common/request/agent-connection.js';
import { agentCallOf } from './agent-call.js';

/** A request on a connection the agent server marked for `tool`. */
function onConnection(call: ReturnType<typeof agentCallOf>) {
  const socket = {};
  markAgentConnection(socket, call);
  return { socket };
}

describe('agentCallOf', () => {
  it('marks a tool with the operation it maps to, so the log believes it only there', () => {
    expect(agentCallOf('update_article')).toEqual({
      tool: 'update_article',
      operationId: 'updateArticle',
    });
    expect(toolOf(onConnection(agentCallOf('update_article')), 'updateArticle')).toBe(
      'update_article',
    );
    expect(toolOf(onConnection(agentCallOf('update_article')), 'listSites')).toBeNull();
  });

  it('gives an unknown tool no operation, so it is never recorded', () => {
    expect(toolOf(onConnection(agentCallOf('drop_tables')), 'listSites')).toBeNull();
    expect(toolOf(onConnection(agentCallOf(undefined)), 'listSites')).toBeNull();
  });
});
