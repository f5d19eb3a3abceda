import { AGENT_TOOLS, toolNamed } from './tool-table.js';
import { encodeBody, requestTarget, type ApiRequest } from './tools/api-request.js';

function tool(name: string) {
  const found = toolNamed(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function target(request: ApiRequest): string {
  return `${request.method} ${requestTarget(request)}`;
}

describe('the tool table', () => {
  it('has the nine tools of the specification, each mapped to its operation, reads first', () => {
    expect(AGENT_TOOLS.map((t) => [t.name, t.operationId])).toEqual([
      ['list_sites', 'listSites'],
      ['list_articles', 'listArticles'],
      ['get_article', 'getArticle'],
      ['list_backlinks', 'listBacklinks'],
      ['get_stats', 'getStats'],
      ['get_report', 'getSiteReport'],
      ['get_account_report', 'getAccountReport'],
      ['update_article', 'updateArticle'],
      ['replace_featured_image', 'replaceFeaturedImage'],
    ]);
  });

  it('marks the seven reads read-only and the two writes as non-destructive', () => {
    for (const t of AGENT_TOOLS) {
      const write = t.operationId === 'updateArticle' || t.operationId === 'replaceFeaturedImage';
      expect([t.name, t.annotations.readOnlyHint]).toEqual([t.name, !write]);
      if (write) {
        expect(t.annotations.destructiveHint).toBe(false);
        expect(typeof t.annotations.idempotentHint).toBe('boolean');
      }
    }
  });

  it('publishes the endpoint limits in the argument schemas', () => {
    const articles = tool('list_articles').inputSchema;
    expect(articles.required).toEqual(['site_id']);
    expect(articles.properties.per_page).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(articles.properties.page).toMatchObject({ minimum: 1, default: 1 });
    expect(articles.properties.from).toMatchObject({ type: 'string', format: 'date' });
    const update = tool('update_article').inputSchema;
    expect(update.required).toEqual(['article_id', 'body']);
    expect(update.properties.title).toMatchObject({ maxLength: 255 });
    expect(update.properties.reason).toMatchObject({ maxLength: 2000 });
    expect(Object.keys(tool('replace_featured_image').inputSchema.properties)).toEqual(
      expect.arrayContaining(['article_id', 'url', 'image_base64', 'file_name', 'reason']),
    );
  });

  it('maps read arguments to the path and query, leaving validation to the API', () => {
    expect(target(tool('list_sites').toRequest({ page: 2, per_page: 50 }))).toBe(
      'GET /api/v1/sites?page=2&per_page=50',
    );
    expect(
      target(
        tool('list_articles').toRequest({ site_id: 12, status: 'published', from: '2026-10-01' }),
      ),
    ).toBe('GET /api/v1/sites/12/articles?status=published&from=2026-10-01');
    expect(target(tool('get_article').toRequest({ article_id: 7 }))).toBe('GET /api/v1/articles/7');
    expect(target(tool('get_stats').toRequest({ site_id: 3, period: 'last_month' }))).toBe(
      'GET /api/v1/sites/3/stats?period=last_month',
    );
    expect(target(tool('list_backlinks').toRequest({ site_id: '4', per_page: 500 }))).toBe(
      'GET /api/v1/sites/4/backlinks?per_page=500',
    );
  });

  it('sends a missing or malformed id to the API, whose own id check refuses it', () => {
    expect(target(tool('get_article').toRequest({}))).toBe('GET /api/v1/articles/%20');
    expect(target(tool('get_article').toRequest({ article_id: '../sites' }))).toBe(
      'GET /api/v1/articles/..%2Fsites',
    );
    expect(target(tool('list_articles').toRequest({ site_id: 1.5, from: null }))).toBe(
      'GET /api/v1/sites/1.5/articles',
    );
  });

  it('sends update_article as the PUT body, with if_match as If-Match', async () => {
    const request = tool('update_article').toRequest({
      article_id: 9,
      title: 'T',
      body: '<p>x</p>',
      reason: 'typo',
      if_match: '"abc"',
      colour: 'blue',
    });
    expect(target(request)).toBe('PUT /api/v1/articles/9');
    expect(request.headers).toEqual({ 'If-Match': '"abc"' });
    const encoded = await encodeBody(request.body);
    expect(encoded?.contentType).toBe('application/json');
    // Unknown arguments reach the API, which refuses unknown body fields.
    expect(JSON.parse(encoded!.bytes.toString())).toEqual({
      title: 'T',
      body: '<p>x</p>',
      reason: 'typo',
      colour: 'blue',
    });
  });

  it.each([
    ['"abc"', '"abc"'],
    ['abc', '"abc"'],
    [' abc ', '"abc"'],
    ['W/"abc"', 'W/"abc"'],
    ['*', '*'],
  ])('sends if_match %p as If-Match %p', (ifMatch, header) => {
    const request = tool('update_article').toRequest({
      article_id: 1,
      body: 'x',
      if_match: ifMatch,
    });
    expect(request.headers).toEqual({ 'If-Match': header });
  });

  it('sends no If-Match for an empty or missing if_match', () => {
    expect(tool('update_article').toRequest({ article_id: 1, if_match: '' }).headers).toEqual({});
    expect(tool('replace_featured_image').toRequest({ article_id: 1 }).headers).toEqual({});
  });

  it('sends replace_featured_image with neither image nor url as an empty form, which the API refuses naming both', async () => {
    const request = tool('replace_featured_image').toRequest({ article_id: 9, reason: 'r' });
    const encoded = await encodeBody(request.body);
    expect(encoded?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(encoded!.bytes, {
      headers: { 'content-type': encoded!.contentType },
    }).formData();
    expect([...form.keys()]).toEqual(['reason']);
  });

  it('names each tool’s path id and renamed fields for its refusals', () => {
    expect(AGENT_TOOLS.map((t) => [t.name, t.apiNames])).toEqual([
      ['list_sites', {}],
      ['list_articles', { id: 'site_id' }],
      ['get_article', { id: 'article_id' }],
      ['list_backlinks', { id: 'site_id' }],
      ['get_stats', { id: 'site_id' }],
      ['get_report', { id: 'site_id' }],
      ['get_account_report', {}],
      ['update_article', { id: 'article_id', 'If-Match': 'if_match' }],
      [
        'replace_featured_image',
        { id: 'article_id', 'If-Match': 'if_match', image: 'image_base64' },
      ],
    ]);
    for (const t of AGENT_TOOLS) {
      for (const argument of Object.values(t.apiNames)) {
        expect([t.name, argument, argument in t.inputSchema.properties]).toEqual([
          t.name,
          argument,
          true,
        ]);
      }
    }
  });

  it('sends replace_featured_image with a url as JSON, and with an image as multipart', async () => {
    const byUrl = tool('replace_featured_image').toRequest({
      article_id: 9,
      url: 'https://cdn.example/a.png',
    });
    expect(target(byUrl)).toBe('POST /api/v1/articles/9/featured-image');
    expect(byUrl.body).toEqual({ json: { url: 'https://cdn.example/a.png' } });

    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const byImage = tool('replace_featured_image').toRequest({
      article_id: 9,
      image_base64: bytes.toString('base64'),
      file_name: 'a.png',
      reason: 'new photo',
    });
    const encoded = await encodeBody(byImage.body);
    expect(encoded?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(encoded!.bytes, {
      headers: { 'content-type': encoded!.contentType },
    }).formData();
    const image = form.get('image') as File;
    expect(image.name).toBe('a.png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes);
    expect(form.get('reason')).toBe('new photo');
    expect(form.has('file_name')).toBe(false);
  });
});
