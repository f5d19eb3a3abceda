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

/**
 * Whether JSON text nests arrays and objects more than `max` deep; one pass,
 * brackets in strings ignored. Inside a string it jumps to the next quote
 * with the native indexOf rather than reading byte by byte: a 1 MB article
 * body is one string, and this runs on the main thread for every body.
 */
export function jsonDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      i = closingQuote(bytes, i + 1);
      if (i === -1) return false;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * The index of the quote that ends the string starting at `from`, or -1: the
 * first quote preceded by an even number of backslashes (an odd number
 * escapes it). The run of backslashes cannot reach back past the opening
 * quote, and each run is counted once, so the scan stays linear.
 */
function closingQuote(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(QUOTE, from); at !== -1; at = bytes.indexOf(QUOTE, at + 1)) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
