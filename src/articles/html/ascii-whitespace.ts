/**
 * HTML's whitespace: TAB, LF, FF, CR and SPACE, and nothing else. Browsers
 * split attribute tokens (`rel`, `class`) and collapse rendered text on these
 * only; NBSP, U+3000, U+2028, the BOM and the other characters Unicode (and
 * JavaScript's `\s` and `trim()`) call whitespace are characters like any
 * other to them, so they must be to us.
 */
const ASCII_WHITESPACE_RUN = /[\t\n\f\r ]+/g;
const EDGES = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

export function isAsciiWhitespace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
}

/** Runs of ASCII whitespace as one space, none at either end. */
export function collapseAsciiWhitespace(text: string): string {
  return text.replace(ASCII_WHITESPACE_RUN, ' ').replace(EDGES, '');
}

/** The tokens of a space-separated attribute value, as a browser splits them. */
export function asciiTokens(value: string): string[] {
  return value.split(ASCII_WHITESPACE_RUN).filter((token) => token !== '');
}

/** A–Z to a–z, nothing else (`K` KELVIN SIGN stays what it is). */
export function asciiLowercase(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
