import { jsonBodyParser } from '../../common/http/json-body-parser.js';

/**
 * A replace_featured_image call carries up to 10 MiB of image as base64
 * (about 13.4 MiB) inside its JSON-RPC message, more than the API's own
 * JSON limit; so /mcp parses its bodies first, with room for that.
 */
export const mcpBodyParser = jsonBodyParser('16mb');
