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
