import type { AgentCall } from '../../common/request/agent-connection.js';
import { toolNamed } from '../tool-table.js';

/** How the agent server marks the API request of a tool call: the tool, and the operation it maps to. */
export function agentCallOf(tool: string | undefined): AgentCall {
  return { tool, operationId: tool === undefined ? undefined : toolNamed(tool)?.operationId };
}
