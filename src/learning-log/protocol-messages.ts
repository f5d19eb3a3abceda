/**
 * The agent server's protocol messages as SQL on a log row: what an
 * assistant sends to keep its connection going (`initialize`, `ping`,
 * `notifications/…`, `tools/list` and other listings, and a request to /mcp
 * that names no method, such as `GET /mcp`), as opposed to its tool calls.
 * Tool names never hold a slash; `tools/call` (a call of an unknown tool) is
 * a call, not upkeep, so it is not one of them. True or false, never null.
 */
export function PROTOCOL_MESSAGE(channel: string, operation: string): string {
  return `(${channel} = 'mcp' AND ${operation} IS NOT NULL
    AND (${operation} IN ('initialize', 'ping', 'mcp')
         OR (${operation} LIKE '%/%' AND ${operation} <> 'tools/call')))`;
}

/** A status as its class: `2xx`, `3xx`, `4xx` or `5xx` (anything below 300 counts as an answer). */
export function STATUS_CLASS(status: string): string {
  return `CASE WHEN ${status} >= 500 THEN '5xx' WHEN ${status} >= 400 THEN '4xx'
               WHEN ${status} >= 300 THEN '3xx' ELSE '2xx' END`;
}
