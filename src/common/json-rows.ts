import type { PageMeta } from './pagination.js';

/**
 * List items serialised by PostgreSQL (`row_to_json`).
 * A list row is JSON-shaped already (its columns are the item's fields, dates
 * formatted by the query), so the page goes from the database to the
 * response without being parsed into objects and serialised again: one text
 * column per row instead of a value per field for pg to convert, and no
 * JSON.stringify of the rows. PostgreSQL escapes strings as JSON.stringify
 * does, so the bytes are the same.
 */
export class JsonRows {
  /** `joined`: the items' JSON texts separated by commas (empty for no item). */
  constructor(private readonly joined: string) {}

  /** The items as objects, for a reader that works with them rather than sending them. */
  items<T>(): T[] {
    return JSON.parse(this.text()) as T[];
  }

  /** Anyone serialising a page with JSON.stringify gets the same array. */
  toJSON(): unknown {
    return this.items();
  }

  text(): string {
    return `[${this.joined}]`;
  }
}

/** A list page whose items PostgreSQL serialised. */
export interface JsonPage {
  data: JsonRows;
  meta: PageMeta;
}

/** The response body of a page, byte for byte what JSON.stringify(page) would give. */
export function pageBody(page: JsonPage): string {
  return `{"data":${page.data.text()},"meta":${JSON.stringify(page.meta)}}`;
}
