/** `{rel: url}` of an RFC 8288 Link header, as the list endpoints send it. */
export function links(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(', ')
      .filter(Boolean)
      .map((link) => {
        const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(link)!;
        return [rel, url];
      }),
  );
}
