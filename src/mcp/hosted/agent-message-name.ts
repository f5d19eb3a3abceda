import { toolNamed } from '../tool-table.js';

/**
 * What the learning log calls a /mcp message: `list_sites` for a tools/call
 * of a known tool, else the JSON-RPC method (`initialize`, `tools/list`…),
 * or null for a body that names no method. An unknown tool's name is never
 * recorded: its call is `tools/call`.
 */
export function agentMessageName(body: unknown): string | null {
  const message: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof message !== 'object' || message === null) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== 'string') return null;
  if (method === 'tools/call' && typeof params?.name === 'string') {
    const tool = toolNamed(params.name);
    if (tool !== undefined) return tool.name;
  }
  return method.slice(0, 100);
}
