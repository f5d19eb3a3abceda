import {
  ProtocolError,
  ProtocolErrorCode,
  type GetPromptResult,
  type Prompt,
} from '@modelcontextprotocol/server';
import { MONTHLY_CLIENT_REPORT, monthlyClientReportMessages } from './monthly-client-report.js';

interface AgentPrompt {
  prompt: Prompt;
  messages(args: Record<string, string>): GetPromptResult;
}

/** The agent server's prompts; both transports serve this list. */
export const AGENT_PROMPTS: readonly AgentPrompt[] = [
  { prompt: MONTHLY_CLIENT_REPORT, messages: monthlyClientReportMessages },
];

/** prompts/get: the prompt's messages, or a protocol error naming what is wrong. */
export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const found = AGENT_PROMPTS.find((entry) => entry.prompt.name === name);
  if (found === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt "${name}". Prompts: ${AGENT_PROMPTS.map((p) => p.prompt.name).join(', ')}.`,
    );
  }
  const declared = found.prompt.arguments ?? [];
  const missing = declared.filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
  const unknown = Object.keys(args).filter((n) => !declared.some((a) => a.name === n));
  if (missing.length > 0 || unknown.length > 0) {
    const problems = [
      ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`unknown ${unknown.join(', ')}`] : []),
    ];
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Arguments of ${name}: ${problems.join('; ')}. It takes ${declared.map((a) => a.name + (a.required ? '' : ' (optional)')).join(', ')}.`,
    );
  }
  return found.messages(args);
}
