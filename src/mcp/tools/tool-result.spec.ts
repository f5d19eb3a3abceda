import { InvalidDateRangeError } from '../../common/dto/date-range-query.dto.js';
import { ConflictingParametersError, InvalidPeriodError } from '../../stats/index.js';
import { toolNamed } from '../tool-table.js';
import type { AgentTool } from './agent-tool.js';
import { toolResult, unreachableResult } from './tool-result.js';

function tool(name: string): AgentTool {
  const found = toolNamed(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const text = (result: { content: unknown[] }, index: number) =>
  (result.content[index] as { text: string }).text;

describe('toolResult', () => {
  it('returns the endpoint body unchanged, as structured content and as JSON text', () => {
    const body = {
      data: [{ id: 1 }, { id: 2 }],
      meta: { page: 1, per_page: 2, total: 5, last_page: 3 },
    };
    const result = toolResult(tool('list_sites'), { status: 200, headers: {}, body });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toBe(body);
    expect(JSON.parse(text(result, 1))).toEqual(body);
    expect(text(result, 0)).toBe(
      '5 websites in total; page 1 of 3 shows 2. Call list_sites with page=2 (same filters and per_page) for the next ones.',
    );
  });

  it('tells the assistant the ETag of an article it read', () => {
    const body = {
      data: { id: 4, site_id: 1, title: 'T', word_count: 1, protected_links: [{}, {}] },
    };
    const result = toolResult(tool('get_article'), {
      status: 200,
      headers: { etag: '"e1"' },
      body,
    });
    expect(text(result, 0)).toMatch(/^Article 4 "T" on site 1: 1 word, 2 protected links/);
    expect(text(result, 0)).toContain('ETag "e1": pass it as if_match');
  });

  it('gives the ETag of an answer in _meta, leaving the structured content the endpoint’s body', () => {
    const body = { data: { id: 4, site_id: 1, title: 'T', word_count: 1, protected_links: [] } };
    const result = toolResult(tool('get_article'), {
      status: 200,
      headers: { etag: '"e1"' },
      body,
    });
    expect(result._meta).toEqual({ etag: '"e1"' });
    expect(result.structuredContent).toBe(body);
    const list = toolResult(tool('list_sites'), { status: 200, headers: {}, body: { data: [] } });
    expect(list._meta).toBeUndefined();
  });

  it('names the tool’s arguments in the details and the message of a refusal', () => {
    const result = toolResult(tool('replace_featured_image'), {
      status: 422,
      headers: {},
      body: {
        error: 'validation_failed',
        message: 'Invalid request body: send an image file or a url.',
        details: [
          { field: 'image', message: 'is required when url is not sent' },
          { field: 'url', message: 'is required when image is not sent' },
        ],
      },
    });
    expect(result.structuredContent).toEqual({
      error: 'validation_failed',
      message: 'Invalid request body: send an image file or a url.',
      details: [
        { field: 'image_base64', message: 'is required when url is not sent' },
        { field: 'url', message: 'is required when image is not sent' },
      ],
    });
    const invalid = toolResult(tool('list_articles'), {
      status: 422,
      headers: {},
      body: {
        error: 'invalid_parameter',
        message: 'Invalid parameter id: must be an integer from 1 to 2147483647',
        details: [{ field: 'id', message: 'must be an integer from 1 to 2147483647' }],
      },
    });
    expect(invalid.structuredContent).toEqual({
      error: 'invalid_parameter',
      message: 'Invalid parameter site_id: must be an integer from 1 to 2147483647',
      details: [{ field: 'site_id', message: 'must be an integer from 1 to 2147483647' }],
    });
  });

  it.each([
    ['conflicting_parameters', new ConflictingParametersError()],
    ['invalid_period', new InvalidPeriodError('fortnight')],
    ['invalid_date_range', new InvalidDateRangeError('2026-02-01', '2026-01-01')],
  ])('says each sentence of a %s refusal once', (_code, error) => {
    const result = toolResult(tool('get_stats'), {
      status: 422,
      headers: {},
      body: { error: error.code, message: error.message },
    });
    const sentences = text(result, 0).split(/(?<=\.) /);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('turns a refusal into an error result carrying the API error object and advice', () => {
    const error = {
      error: 'protected_links_modified',
      message: 'The edit removes or changes protected links.',
      protected_links: [{ type: 'backlink', href: 'https://p.example/', text: 'partner' }],
    };
    const result = toolResult(tool('update_article'), { status: 422, headers: {}, body: error });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBe(error);
    expect(text(result, 0)).toContain('update_article was refused (422 protected_links_modified)');
    expect(text(result, 0)).toContain('backlink "partner" → https://p.example/');
    expect(text(result, 0)).toContain('The article is unchanged.');
  });

  it('says when to retry a rate-limited call, and names tool arguments instead of path ids', () => {
    const limited = toolResult(tool('get_stats'), {
      status: 429,
      headers: { 'retry-after': '17' },
      body: { error: 'rate_limited', message: 'Too many.', limit: 60 },
    });
    expect(text(limited, 0)).toContain('Wait 17 seconds, then retry.');
    const invalid = toolResult(tool('get_article'), {
      status: 422,
      headers: {},
      body: {
        error: 'invalid_parameter',
        message: 'Invalid parameter id: must be an integer',
        details: [{ field: 'id', message: 'must be an integer' }],
      },
    });
    expect(text(invalid, 0)).toContain('article_id: must be an integer');
  });

  it('reports an answer without JSON as an error with no structured content', () => {
    const result = toolResult(tool('list_sites'), { status: 502, headers: {}, body: undefined });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(text(result, 0)).toContain('HTTP 502');
  });

  it('warns that an edit may have been saved when the API could not be reached', () => {
    expect(text(unreachableResult(tool('list_sites'), new Error('ECONNREFUSED')), 0)).toBe(
      'list_sites could not reach the API (ECONNREFUSED).',
    );
    expect(text(unreachableResult(tool('update_article'), new Error('timeout')), 0)).toContain(
      'may or may not have been saved',
    );
  });
});
