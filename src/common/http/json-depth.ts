/**
 * How deep a JSON request body may nest. The API's bodies are flat and a
 * JSON-RPC message to /mcp is a few levels deep; past this, a body is
 * refused by the body parser, before anything (class-transformer, the MCP
 * SDK's schemas) walks it recursively.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests arrays and objects more than `max` deep; one pass, brackets in strings ignored. */
export function jsonDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
