/**
 * The MCP revision the agent servers speak first (the SDK's v2 line). Clients
 * of the 2025 revisions (2025-11-25, 2025-06-18, 2025-03-26) are served too,
 * through the `initialize` handshake. The SDK names this revision nowhere
 * public, so it is written here for the one message that states it: the
 * local server's tool call to the hosted one.
 */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
