/**
 * How deep elements may nest in an article body unless configured otherwise
 * (HTML_MAX_NESTING). Real articles stay within a few dozen levels; Chromium
 * stops nesting at 512. Every parse of a body costs its length times its
 * depth (htmlparser2 keeps open elements in an array it shifts at each tag),
 * so this bound is what keeps the worst body cheap.
 */
export const DEFAULT_MAX_NESTING = 256;
export const MAX_NESTING_RANGE = { min: 16, max: 512 };
