import { jsonParser } from 'stream-json/parser.js';
import { ImportDocumentReader, ImportEvent } from './import-document.reader.js';

/** Feeds the text to the reader a few characters at a time, as a stream would arrive. */
function read(text: string, slice = 5): ImportEvent[] {
  const tokenizer = jsonParser({ packValues: true, streamValues: false });
  const reader = new ImportDocumentReader();
  const events: ImportEvent[] = [];
  for (let at = 0; at < text.length; at += slice) {
    const result = tokenizer(text.slice(at, at + slice));
    const tokens = typeof result === 'object' && 'values' in result ? result.values : [];
    events.push(...reader.read(tokens));
  }
  return [...events, ...reader.end()];
}

describe('ImportDocumentReader', () => {
  it('emits sites, their fields and each item, in file order', () => {
    const text = JSON.stringify({
      sites: [
        {
          ref: 's',
          articles: [{ body: '<p>a</p>', tags: { nested: [1, { deep: true }] } }],
          name: 'S',
          backlinks: [{ category: 'local' }, 'odd'],
        },
        { name: 'T', articles: null },
      ],
    });
    expect(read(text)).toEqual([
      { type: 'site-start', site: 0 },
      { type: 'site-field', site: 0, key: 'ref', value: 's' },
      { type: 'items-start', site: 0, collection: 'articles' },
      {
        type: 'item',
        site: 0,
        collection: 'articles',
        index: 0,
        value: { body: '<p>a</p>', tags: { nested: [1, { deep: true }] } },
      },
      { type: 'site-field', site: 0, key: 'name', value: 'S' },
      { type: 'items-start', site: 0, collection: 'backlinks' },
      { type: 'item', site: 0, collection: 'backlinks', index: 0, value: { category: 'local' } },
      { type: 'item', site: 0, collection: 'backlinks', index: 1, value: 'odd' },
      { type: 'site-end', site: 0 },
      { type: 'site-start', site: 1 },
      { type: 'site-field', site: 1, key: 'name', value: 'T' },
      { type: 'site-end', site: 1 },
    ]);
  });

  it('reports structural problems by path and skips what it cannot use', () => {
    const text = JSON.stringify({
      meta: { big: [1, 2, 3] },
      sites: [42, { name: 'A', articles: 'none', backlinks: { a: 1 } }],
    });
    expect(read(text)).toEqual([
      { type: 'problem', path: '$.meta', message: 'is not a known field' },
      { type: 'problem', path: '$.sites[0]', message: 'must be an object' },
      { type: 'site-start', site: 1 },
      { type: 'site-field', site: 1, key: 'name', value: 'A' },
      { type: 'problem', path: '$.sites[1].articles', message: 'must be an array or null' },
      { type: 'problem', path: '$.sites[1].backlinks', message: 'must be an array or null' },
      { type: 'site-end', site: 1 },
    ]);
  });

  it.each([
    ['{"sites": 3}', '$.sites', 'must be an array of sites'],
    ['{"other": 1}', '$.other', 'is not a known field'],
    ['"text"', '$', 'must be an object with a "sites" array'],
  ])('reports %s', (text, path, message) => {
    expect(read(text)).toContainEqual({ type: 'problem', path, message });
  });

  it('knows where it stopped when the input ends early', () => {
    expect(read('{"sites": [{"name": "A", "backlinks": [{"category": "lo')).toEqual([
      { type: 'site-start', site: 0 },
      { type: 'site-field', site: 0, key: 'name', value: 'A' },
      { type: 'items-start', site: 0, collection: 'backlinks' },
      {
        type: 'problem',
        path: '$.sites[0].backlinks[0]',
        message: 'the file ends before the JSON document does',
      },
    ]);
  });
});
