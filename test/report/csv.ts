/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF records) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 2;
      continue;
    }
    if (quoted) {
      if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
    i += 1;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

/** A JSON item as the CSV writes it: each field in order, null as empty. */
export function asCsv(item: Record<string, string | number | boolean | null>): string[] {
  return Object.values(item).map((value) => (value === null ? '' : String(value)));
}
