// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether text holds a control character (C0, DEL or C1): no name, email or
 * password a person types holds one, and NUL among them is refused by
 * PostgreSQL in any text. The API refuses NUL in every field (nulField); the
 * console's single-line fields and the people rules refuse all of them.
 */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * The first field (dotted path) of a parsed query or JSON body whose name or
 * string value holds a NUL character, or undefined. Walks without recursion;
 * bodies are bounded in depth by the body parser anyway.
 */
export function nulField(value: unknown): string | undefined {
  const pending: Array<[string, unknown]> = [['', value]];
  while (pending.length > 0) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path === '' ? 'body' : path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [name, child] of Object.entries(current)) {
        const childPath = path === '' ? name : `${path}.${name}`;
        if (name.includes('\u0000')) return childPath.replaceAll('\u0000', '\\u0000');
        pending.push([childPath, child]);
      }
    }
  }
  return undefined;
}
