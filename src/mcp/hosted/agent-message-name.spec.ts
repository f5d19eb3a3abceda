import { agentMessageName } from './agent-message-name.js';

describe('agentMessageName', () => {
  it('names a protocol message by its method, and a tool call of a known tool by its tool', () => {
    expect(agentMessageName({ jsonrpc: '2.0', method: 'tools/list' })).toBe('tools/list');
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sites' } };
    expect(agentMessageName(call)).toBe('list_sites');
    expect(agentMessageName([call])).toBe('list_sites');
  });

  it('never records the name of an unknown tool', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'drop_tables' } };
    expect(agentMessageName(call)).toBe('tools/call');
  });

  it('names nothing for a body without a protocol method', () => {
    for (const body of [undefined, {}, 'not json-rpc', [], { method: 7 }]) {
      expect(agentMessageName(body)).toBeNull();
    }
  });

  it('cuts a long method name at 100 characters', () => {
    expect(agentMessageName({ method: 'x'.repeat(300) })).toHaveLength(100);
  });
});
