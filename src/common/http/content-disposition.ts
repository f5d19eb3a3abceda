/**
 * `Content-Disposition: attachment` with a file name (RFC 6266): the name in
 * UTF-8 as `filename*` (RFC 8187), and an ASCII stand-in as `filename` for
 * clients that read only that one.
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A name's letters and digits in lower-case ASCII, the rest as single dashes: for file names. */
export function slug(name: string, maxLength = 40): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
