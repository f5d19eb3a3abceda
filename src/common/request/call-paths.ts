import type { Request } from 'express';

export type CallChannel = 'api' | 'mcp';

/**
 * Whether a request is an API or agent call, and which, however its path is
 * spelt: `/API/V1/SITES`, `/Api/v1/sites`, `/%61pi/v1/sites`, `/mcp;x` and
 * `/mcp%2f` are all calls, though only the one spelling the router knows
 * serves anything (routing is case-sensitive and strict). The first path
 * segment decides, percent-decoded, ASCII-lowercased and cut at the first
 * character that is not a letter or digit. Probes, scrapes, the
 * documentation UI and media files are not calls.
 */
export function callChannelOf(path: string): CallChannel | null {
  const first = /^\/*([^/]*)/.exec(decoded(path))?.[1] ?? '';
  const name = /^[a-z0-9]*/i.exec(first)?.[0].toLowerCase();
  return name === 'api' || name === 'mcp' ? name : null;
}

export function isCall(req: Pick<Request, 'path'>): boolean {
  return callChannelOf(req.path) !== null;
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
