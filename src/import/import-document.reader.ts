import Assembler from 'stream-json/assembler.js';
import type { Token } from 'stream-json/parser.js';
import { element, member } from './json-path.js';

export type ImportCollection = 'articles' | 'backlinks';

/**
 * What the reader found, in file order. Sites, their own fields, and each
 * article or backlink arrive one at a time, so no more than one item is ever
 * held in memory.
 */
export type ImportEvent =
  | { type: 'site-start'; site: number }
  | { type: 'site-field'; site: number; key: string; value: unknown }
  | { type: 'items-start'; site: number; collection: ImportCollection }
  | { type: 'item'; site: number; collection: ImportCollection; index: number; value: unknown }
  | { type: 'site-end'; site: number }
  | { type: 'problem'; path: string; message: string };

type Frame =
  | { kind: 'root' }
  | { kind: 'document'; key: string | null; sawSites: boolean }
  | { kind: 'sites'; next: number }
  | { kind: 'site'; index: number; key: string | null }
  | { kind: 'items'; site: number; collection: ImportCollection; next: number }
  | { kind: 'done' };

const COLLECTIONS: readonly string[] = ['articles', 'backlinks'];

/**
 * Turns the parser's tokens for `{"sites": [{…, "articles": […], "backlinks": […]}]}`
 * into import events. It walks the outer structure itself and assembles only
 * the small values inside it (a site's field, one article, one backlink).
 */
export class ImportDocumentReader {
  private readonly stack: Frame[] = [{ kind: 'root' }];
  private assembling?: { assembler: Assembler; deliver: (value: unknown) => void };
  private skipping = 0;
  private events: ImportEvent[] = [];

  read(tokens: Iterable<Token>): ImportEvent[] {
    this.events = [];
    for (const token of tokens) this.consume(token);
    return this.events;
  }

  /** Called when the input is exhausted: a document cut short is a problem. */
  end(): ImportEvent[] {
    this.events = [];
    if (this.top().kind !== 'done') {
      this.problem(this.path, 'the file ends before the JSON document does');
    }
    return this.events;
  }

  /** The JSON path of the reading position, for a parse error. */
  get path(): string {
    const frame = this.top();
    switch (frame.kind) {
      case 'root':
      case 'done':
        return '$';
      case 'document':
        return frame.key === null ? '$' : member('$', frame.key);
      case 'sites':
        return element('$.sites', frame.next);
      case 'site': {
        const site = element('$.sites', frame.index);
        return frame.key === null ? site : member(site, frame.key);
      }
      case 'items': {
        const items = member(element('$.sites', frame.site), frame.collection);
        return element(items, this.assembling ? frame.next - 1 : frame.next);
      }
    }
  }

  private consume(token: Token): void {
    if (this.assembling) {
      this.assembling.assembler.consume(token);
      if (this.assembling.assembler.done) this.finishValue();
      return;
    }
    if (this.skipping > 0) {
      if (token.name === 'startObject' || token.name === 'startArray') this.skipping++;
      if (token.name === 'endObject' || token.name === 'endArray') this.skipping--;
      return;
    }
    const frame = this.top();
    switch (frame.kind) {
      case 'root':
        return this.onRoot(token);
      case 'document':
        return this.onDocument(frame, token);
      case 'sites':
        return this.onSites(frame, token);
      case 'site':
        return this.onSite(frame, token);
      case 'items':
        return this.onItems(frame, token);
      case 'done':
        return;
    }
  }

  private onRoot(token: Token): void {
    this.stack[0] = { kind: 'done' };
    if (token.name === 'startObject') {
      this.stack.push({ kind: 'document', key: null, sawSites: false });
      return;
    }
    this.problem('$', 'must be an object with a "sites" array');
    this.skip(token);
  }

  private onDocument(frame: Extract<Frame, { kind: 'document' }>, token: Token): void {
    if (token.name === 'keyValue') {
      frame.key = token.value;
      return;
    }
    if (token.name === 'endObject') {
      this.stack.pop();
      if (!frame.sawSites) this.problem('$.sites', 'is required: an array of sites');
      return;
    }
    const key = frame.key ?? '';
    if (key !== 'sites') {
      this.problem(member('$', key), 'is not a known field');
      this.skip(token);
      return;
    }
    frame.sawSites = true;
    if (token.name === 'startArray') {
      this.stack.push({ kind: 'sites', next: 0 });
      return;
    }
    this.problem('$.sites', 'must be an array of sites');
    this.skip(token);
  }

  private onSites(frame: Extract<Frame, { kind: 'sites' }>, token: Token): void {
    if (token.name === 'endArray') {
      this.stack.pop();
      return;
    }
    const index = frame.next++;
    if (token.name === 'startObject') {
      this.events.push({ type: 'site-start', site: index });
      this.stack.push({ kind: 'site', index, key: null });
      return;
    }
    this.problem(element('$.sites', index), 'must be an object');
    this.skip(token);
  }

  private onSite(frame: Extract<Frame, { kind: 'site' }>, token: Token): void {
    if (token.name === 'keyValue') {
      frame.key = token.value;
      return;
    }
    if (token.name === 'endObject') {
      this.stack.pop();
      this.events.push({ type: 'site-end', site: frame.index });
      return;
    }
    const key = frame.key ?? '';
    if (!COLLECTIONS.includes(key)) {
      this.assemble(token, (value) =>
        this.events.push({ type: 'site-field', site: frame.index, key, value }),
      );
      return;
    }
    const collection = key as ImportCollection;
    if (token.name === 'startArray') {
      this.events.push({ type: 'items-start', site: frame.index, collection });
      this.stack.push({ kind: 'items', site: frame.index, collection, next: 0 });
      return;
    }
    if (token.name !== 'nullValue') {
      this.problem(member(element('$.sites', frame.index), key), 'must be an array or null');
      this.skip(token);
    }
  }

  private onItems(frame: Extract<Frame, { kind: 'items' }>, token: Token): void {
    if (token.name === 'endArray') {
      this.stack.pop();
      return;
    }
    const index = frame.next++;
    const { site, collection } = frame;
    this.assemble(token, (value) =>
      this.events.push({ type: 'item', site, collection, index, value }),
    );
  }

  private assemble(first: Token, deliver: (value: unknown) => void): void {
    const assembler = new Assembler();
    assembler.consume(first);
    this.assembling = { assembler, deliver };
    if (assembler.done) this.finishValue();
  }

  private finishValue(): void {
    const { assembler, deliver } = this.assembling!;
    this.assembling = undefined;
    deliver(assembler.current);
  }

  /** Passes over a value that is already reported, without building it. */
  private skip(first: Token): void {
    if (first.name === 'startObject' || first.name === 'startArray') this.skipping = 1;
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  private problem(path: string, message: string): void {
    this.events.push({ type: 'problem', path, message });
  }
}
