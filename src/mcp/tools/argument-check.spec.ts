import { AGENT_TOOLS, toolNamed } from '../tool-table.js';
import { unknownArguments } from './argument-check.js';

describe('unknownArguments', () => {
  it('accepts every argument a tool declares, and none at all', () => {
    for (const tool of AGENT_TOOLS) {
      const all = Object.fromEntries(Object.keys(tool.inputSchema.properties).map((n) => [n, 1]));
      expect([tool.name, unknownArguments(tool, all)]).toEqual([tool.name, undefined]);
      expect(unknownArguments(tool, {})).toBeUndefined();
    }
  });

  it('refuses a read tool’s unknown argument as an invalid parameter, naming what it takes', () => {
    expect(unknownArguments(toolNamed('list_sites')!, { page: 1, bogus: 1 })).toEqual({
      error: 'invalid_parameter',
      message: 'Unknown argument bogus: list_sites takes page, per_page.',
      details: [{ field: 'bogus', message: 'is not an argument of list_sites' }],
    });
  });

  it('refuses a write tool’s unknown arguments as a failed validation, each named', () => {
    expect(
      unknownArguments(toolNamed('update_article')!, { article_id: 1, id: 1, colour: 'blue' }),
    ).toMatchObject({
      error: 'validation_failed',
      message: expect.stringMatching(/^Unknown arguments id, colour: update_article takes /),
      details: [
        { field: 'id', message: 'is not an argument of update_article' },
        { field: 'colour', message: 'is not an argument of update_article' },
      ],
    });
  });
});
