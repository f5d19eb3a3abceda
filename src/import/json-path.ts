const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.sites[0].name`: the JSON path of an object member. */
export function member(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** `$.sites[0]`: the JSON path of an array element. */
export function element(path: string, index: number): string {
  return `${path}[${index}]`;
}
