import request from 'supertest';
import { articleEtag } from '../../src/articles/edit/article-etag.js';
import { ArticleEditsService } from '../../src/articles/edit/article-edits.service.js';
import { articleState, latestRevision, refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedKey, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const PARTNER =
  '<a href="https://partner.example/" rel="sponsored" data-service-protected="backlink">trusted partner</a>';
const GUIDE = '<a href="/guides/boilers" data-service-protected="internal">boiler guide</a>';
const BODY = `<p>Start with our ${PARTNER}.</p><p>Then read the ${GUIDE}.</p>`;

describe('PUT /api/v1/articles/{id}', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let other: SeededAccount;
  let siteId: number;

  const put = (id: number, body: unknown, key = owner.key) =>
    request(t.http)
      .put(`/api/v1/articles/${id}`)
      .set('X-API-Key', key)
      .send(body as object);
  const article = (fields: { body?: string; title?: string } = {}) =>
    seedArticle(t.db, siteId, { body: BODY, title: 'Bleeding radiators', ...fields });

  const refused = (id: number, call: () => Promise<request.Response>) =>
    refusedWithoutChange(t.db, id, owner.keyId, call);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
  });
  afterAll(() => t.close());

  describe('saving', () => {
    it('stores the sanitised body and title, recounts words, adds an api revision and counts the edit', async () => {
      const id = await article();
      const body = `<H2>New intro</H2><P>Read the ${GUIDE} first,<BR>then our ${PARTNER}.</P>`;
      const res = await put(id, { title: '  Bleeding radiators, 2026  ', body, reason: 'Refresh' });
      expect(res.status).toBe(200);
      const storedBody = `<h2>New intro</h2><p>Read the ${GUIDE} first,<br />then our ${PARTNER}.</p>`;
      expect(res.body.data).toEqual(
        expect.objectContaining({
          id,
          site_id: siteId,
          title: 'Bleeding radiators, 2026',
          body: storedBody,
          word_count: 11,
          protected_links: [
            { type: 'internal', href: '/guides/boilers', text: 'boiler guide' },
            { type: 'backlink', href: 'https://partner.example/', text: 'trusted partner' },
          ],
        }),
      );
      expect(res.headers.etag).toBe(articleEtag(res.body.data));
      expect(await articleState(t.db, id)).toEqual({
        title: 'Bleeding radiators, 2026',
        body: storedBody,
        featured_image_url: null,
        word_count: 11,
        revisions: 2,
      });
      expect(await latestRevision(t.db, id)).toEqual({
        number: 2,
        title: 'Bleeding radiators, 2026',
        body: storedBody,
        featured_image_url: null,
        origin: 'api',
        reason: 'Refresh',
        key_id: owner.keyId,
        actor: null,
      });
      const read = await request(t.http).get(`/api/v1/articles/${id}`).set('X-API-Key', owner.key);
      expect(read.body.data).toEqual(res.body.data);
      expect(read.headers.etag).toBe(res.headers.etag);
    });

    it('keeps the title when none is sent', async () => {
      const id = await article({ title: 'Kept' });
      const res = await put(id, { body: BODY.replace('Start', 'Begin') });
      expect(res.status).toBe(200);
      expect(res.body.data.title).toBe('Kept');
      expect((await latestRevision(t.db, id)).reason).toBeNull();
    });

    it('treats an edit that changes nothing as a no-op: 200, no revision, no count', async () => {
      const id = await article();
      const respelt = BODY.replace(/<p>/g, '<P>').replace(/<\/p>/g, '</P>');
      for (const body of [BODY, respelt]) {
        const res = await refused(id, () => put(id, { body, title: 'Bleeding radiators' }));
        expect(res.status).toBe(200);
        expect(res.body.data.body).toBe(BODY);
      }
    });

    it('records origin mcp when the agent server calls the service directly', async () => {
      const id = await article();
      await t.app.get(ArticleEditsService).update(
        {
          accountId: owner.accountId,
          editor: { kind: 'key', keyId: owner.keyId, channel: 'mcp' },
        },
        id,
        {
          body: `${BODY}<p>From an agent</p>`,
          reason: 'agent',
        },
      );
      expect(await latestRevision(t.db, id)).toMatchObject({ origin: 'mcp', reason: 'agent' });
    });
  });

  describe('validation', () => {
    it.each([
      ['no body', {}, 'body', undefined],
      ['a blank body', { body: '  \n ' }, 'body', undefined],
      ['a body that is not a string', { body: 42 }, 'body', undefined],
      [
        'a body over 1,000,000 characters',
        { body: `<p>${'a'.repeat(1_000_000)}</p>` },
        'body',
        1_000_000,
      ],
      ['a title over 255 characters', { body: BODY, title: 'a'.repeat(256) }, 'title', 255],
      ['a blank title', { body: BODY, title: '   ' }, 'title', undefined],
      ['a null title', { body: BODY, title: null }, 'title', undefined],
      ['a title with a NUL', { body: BODY, title: 'a\u0000b' }, 'title', undefined],
      ['a reason over 2,000 characters', { body: BODY, reason: 'r'.repeat(2001) }, 'reason', 2000],
      ['an unknown field', { body: BODY, status: 'draft' }, 'status', undefined],
    ])('refuses %s with 422 validation_failed', async (_name, payload, field, limit) => {
      const id = await article();
      const res = await refused(id, () => put(id, payload));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details).toContainEqual({ field, message: expect.any(String) });
      expect(res.body.limit).toBe(limit);
    });

    it('names at most 100 problems, however many fields are unknown', async () => {
      const id = await article();
      const payload = Object.fromEntries(
        Array.from({ length: 150 }, (_, i) => [`extra_${i}`, i] as const),
      );
      const res = await refused(id, () => put(id, { body: BODY, ...payload }));
      expect(res.status).toBe(422);
      expect(res.body.details).toHaveLength(100);
      expect(res.body.details[0]).toEqual({ field: 'extra_0', message: 'is not a known field' });
    });

    it('accepts a title of exactly 255 characters and a reason of exactly 2,000', async () => {
      const id = await article();
      const res = await put(id, { body: BODY, title: 't'.repeat(255), reason: 'r'.repeat(2000) });
      expect(res.status).toBe(200);
    });

    it('refuses a path id that is not an integer with 422 invalid_parameter', async () => {
      const res = await put(0, { body: BODY });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('invalid_parameter');
    });
  });

  describe('sanitising', () => {
    it.each([
      ['a script', '<script>alert(1)</script>', 'element <script> is not allowed'],
      ['a mixed-case script', '<ScRiPt>alert(1)</sCrIpT>', 'element <script> is not allowed'],
      [
        'an iframe',
        '<iframe src="https://evil.example"></iframe>',
        'element <iframe> is not allowed',
      ],
      ['an object', '<object data="x.swf"></object>', 'element <object> is not allowed'],
      ['an embed', '<embed src="x.swf">', 'element <embed> is not allowed'],
      ['a style element', '<style>p{}</style>', 'element <style> is not allowed'],
      ['a form', '<form><input></form>', 'element <form> is not allowed'],
      [
        'an event handler',
        '<img src="x.png" onerror="alert(1)">',
        'event-handler attribute onerror on <img> is not allowed',
      ],
      [
        'a javascript: link',
        '<a href="jav&#x09;ascript:alert(1)">x</a>',
        'javascript: URL in <a href> is not allowed',
      ],
      ['a data: link', '<a href="data:text/html,x">x</a>', 'data: URL in <a href> is not allowed'],
      [
        'a style attribute',
        '<p style="x:expression(alert(1))">x</p>',
        'attribute style on <p> is not allowed',
      ],
      ['an SVG', '<svg/onload=alert(1)>', 'element <svg> is not allowed'],
    ])('refuses %s with 422 body_not_allowed naming it', async (_name, html, message) => {
      const id = await article();
      const res = await refused(id, () => put(id, { body: `${BODY}<p>more</p>${html}` }));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('body_not_allowed');
      expect(res.body.details).toContainEqual({ field: 'body', message });
    });

    it('names every violation of a body', async () => {
      const id = await article();
      const res = await put(id, {
        body: `${BODY}<script>x</script><img src=x onerror=y><iframe></iframe>`,
      });
      expect(res.body.details).toEqual([
        { field: 'body', message: 'element <script> is not allowed' },
        { field: 'body', message: 'event-handler attribute onerror on <img> is not allowed' },
        { field: 'body', message: 'element <iframe> is not allowed' },
      ]);
    });
  });

  describe('protected links', () => {
    const rewrites: Array<[string, string]> = [
      ['removed', `<p>Start with our partner.</p><p>Then read the ${GUIDE}.</p>`],
      ['with a new href', BODY.replace('https://partner.example/', 'https://rival.example/')],
      ['with its rel changed', BODY.replace('rel="sponsored"', 'rel="nofollow"')],
      ['with new text', BODY.replace('trusted partner', 'partner')],
      ['unmarked', BODY.replace(' data-service-protected="backlink"', '')],
      ['turned into an internal link', BODY.replace('"backlink"', '"internal"')],
      [
        'turned into a marked span',
        BODY.replace(PARTNER, '<span data-service-protected="backlink">trusted partner</span>'),
      ],
    ];

    it.each(rewrites)(
      'refuses a backlink %s with 422 protected_links_modified, listing it as stored',
      async (_name, body) => {
        const id = await article();
        const res = await refused(id, () => put(id, { body }));
        expect(res.status).toBe(422);
        expect(res.body.error).toBe('protected_links_modified');
        expect(res.body.protected_links[0]).toEqual({
          type: 'backlink',
          href: 'https://partner.example/',
          text: 'trusted partner',
        });
      },
    );

    it('refuses a duplicated or a newly marked link', async () => {
      const id = await article();
      const duplicated = await refused(id, () => put(id, { body: `${BODY}<p>${GUIDE}</p>` }));
      expect(duplicated.body.protected_links).toEqual([
        { type: 'internal', href: '/guides/boilers', text: 'boiler guide' },
      ]);
      const added = '<a href="https://new.example/" data-service-protected="backlink">new</a>';
      const marked = await refused(id, () => put(id, { body: `${BODY}<p>${added}</p>` }));
      expect(marked.status).toBe(422);
      expect(marked.body.protected_links).toEqual([
        { type: 'backlink', href: 'https://new.example/', text: 'new' },
      ]);
    });

    it('accepts links moved, reordered and respelt, with everything around them rewritten', async () => {
      const id = await article();
      const respelt =
        '<A DATA-SERVICE-PROTECTED="backlink" REL="sponsored" HREF="https://partner.example/">\n trusted   partner\n</A>';
      const body = `<h2>Rewritten</h2><ul><li>${GUIDE}</li></ul><blockquote><p>${respelt}</p></blockquote>`;
      const res = await put(id, { body });
      expect(res.status).toBe(200);
      expect(res.body.data.protected_links).toHaveLength(2);
    });
  });

  describe('protected links as a browser sees them', () => {
    const mutations: Array<[string, (body: string) => string]> = [
      ['an NBSP after the href', (b) => b.replace('partner.example/"', 'partner.example/\u00a0"')],
      [
        'an NBSP before the href',
        (b) => b.replace('href="https://partner', 'href="\u00a0https://partner'),
      ],
      ['an NBSP after rel', (b) => b.replace('sponsored"', 'sponsored\u00a0"')],
      [
        'a BOM for the space of the text',
        (b) => b.replace('trusted partner', 'trusted\ufeffpartner'),
      ],
      ['an NBSP after the marker', (b) => b.replace('"backlink"', '"backlink\u00a0"')],
      [
        'an ideographic space in the text',
        (b) => b.replace('trusted partner', 'trusted\u3000partner'),
      ],
    ];

    it.each(mutations)('refuses %s with 422 protected_links_modified', async (_name, mutate) => {
      const id = await article();
      const res = await refused(id, () => put(id, { body: mutate(BODY) }));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('protected_links_modified');
    });

    it('resolves relative links against the article’s address: another spelling of it is the same link', async () => {
      const id = await seedArticle(t.db, siteId, {
        body: BODY,
        url: 'https://acme.example/blog/bleeding',
      });
      const relative = BODY.replace('href="/guides/boilers"', 'href="../guides/boilers"');
      expect((await put(id, { body: relative })).status).toBe(200);
      const elsewhere = BODY.replace('href="/guides/boilers"', 'href="guides/boilers"');
      expect((await refused(id, () => put(id, { body: elsewhere }))).status).toBe(422);
    });
  });

  describe('bounds', () => {
    it('refuses 333,000 nested tags (under the size limit) at once with 422 naming the nesting limit', async () => {
      const id = await article();
      const deep = `${BODY}${'<b>'.repeat(333_000)}x`;
      const res = await refused(id, () => put(id, { body: deep }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'body_not_allowed',
        limit: 256,
        details: [{ field: 'body', message: 'elements are nested more than 256 levels deep' }],
      });
    });

    it('accepts a body nested to the limit, and one of nearly 1,000,000 characters, judged off the event loop', async () => {
      const workerTasks = async () =>
        /content_api_html_worker_tasks_total\{operation="review"\} (\d+)/.exec(
          (await request(t.http).get('/metrics')).text,
        )?.[1] ?? '0';
      const before = Number(await workerTasks());
      const id = await article();
      const nested = `${'<span>'.repeat(255)}deep${'</span>'.repeat(255)}`;
      const filler = '<p>Words and more words in a long paragraph.</p>'.repeat(20_000);
      const res = await put(id, { body: `${BODY}${nested}${filler}` });
      expect(res.status).toBe(200);
      expect(res.body.data.protected_links).toHaveLength(2);
      expect(res.body.data.word_count).toBe(10 + 1 + 8 * 20_000);
      expect(Number(await workerTasks())).toBe(before + 1);
      const moved = await refused(id, () =>
        put(id, { body: `${BODY.replace('trusted partner', 'partner')}${nested}${filler}` }),
      );
      expect(moved.body.error).toBe('protected_links_modified');
    });

    it('takes the nesting limit from HTML_MAX_NESTING', async () => {
      const limited = await createTestApp({ HTML_MAX_NESTING: '16' });
      try {
        const account = await seedAccount(limited.db);
        const id = await seedArticle(limited.db, await seedSite(limited.db, account.accountId));
        const res = await request(limited.http)
          .put(`/api/v1/articles/${id}`)
          .set('X-API-Key', account.key)
          .send({ body: `${'<b>'.repeat(17)}x` });
        expect(res.body).toMatchObject({ error: 'body_not_allowed', limit: 16 });
      } finally {
        await limited.close();
      }
    });
  });

  describe('markup a parser would drop', () => {
    it.each(['<iframe src=javascript:alert(1)', '<img src=x onerror=alert(1)', '<script'])(
      'refuses a body ending with %p, naming it',
      async (payload) => {
        const id = await article();
        const res = await refused(id, () => put(id, { body: `${BODY}${payload}` }));
        expect(res.status).toBe(422);
        expect(res.body.error).toBe('body_not_allowed');
        expect(res.body.details).toContainEqual({
          field: 'body',
          message: `ends inside an unterminated tag: ${payload}`,
        });
      },
    );
  });

  describe('protected elements with attributes outside the allow-list', () => {
    const BUTTON =
      '<a class="btn" href="https://partner.example/" data-service-protected="backlink">trusted partner</a>';
    const IMPORTED = `<p>Start with our ${BUTTON}.</p>`;

    it('can be edited: the GET body PUT back unchanged is a no-op, an edit around it keeps it as stored', async () => {
      const id = await article({ body: IMPORTED });
      const read = await request(t.http).get(`/api/v1/articles/${id}`).set('X-API-Key', owner.key);
      const same = await refused(id, () => put(id, { body: read.body.data.body }));
      expect(same.status).toBe(200);
      const edited = await put(id, { body: `<h2>New intro</h2>${read.body.data.body}` });
      expect(edited.status).toBe(200);
      expect(edited.body.data.body).toBe(`<h2>New intro</h2>${IMPORTED}`);
    });

    it('cannot gain, lose or change such an attribute', async () => {
      const id = await article({ body: IMPORTED });
      for (const body of [
        IMPORTED.replace('class="btn"', 'class="btn-large"'),
        IMPORTED.replace(' class="btn"', ''),
        IMPORTED.replace('class="btn"', 'class="btn" style="display:none"'),
      ]) {
        const res = await refused(id, () => put(id, { body }));
        expect(res.body.error).toBe('protected_links_modified');
      }
      const unmarked = await refused(id, () => put(id, { body: `${IMPORTED}<p class="x">y</p>` }));
      expect(unmarked.body.details).toEqual([
        { field: 'body', message: 'attribute class on <p> is not allowed' },
      ]);
    });
  });

  describe('If-Match', () => {
    it('saves with the current ETag and refuses a stale one with 412 precondition_failed', async () => {
      const id = await article();
      const read = await request(t.http).get(`/api/v1/articles/${id}`).set('X-API-Key', owner.key);
      const first = await put(id, { body: `${BODY}<p>one</p>` }).set('If-Match', read.headers.etag);
      expect(first.status).toBe(200);
      const stale = await refused(id, () =>
        put(id, { body: `${BODY}<p>two</p>` }).set('If-Match', read.headers.etag),
      );
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual({ error: 'precondition_failed', message: expect.any(String) });
      const next = await put(id, { body: `${BODY}<p>two</p>` }).set('If-Match', first.headers.etag);
      expect(next.status).toBe(200);
    });

    it('accepts *, a list holding the current tag, and empty list elements', async () => {
      const id = await article();
      const etag = articleEtag({
        title: 'Bleeding radiators',
        body: BODY,
        featured_image_url: null,
      });
      const listed = await put(id, { body: `${BODY}<p>x</p>` }).set('If-Match', `"old", ${etag},`);
      expect(listed.status).toBe(200);
      expect((await put(id, { body: `${BODY}<p>y</p>` }).set('If-Match', '*')).status).toBe(200);
    });

    it.each([
      ['the tag without its quotes', (etag: string) => etag.slice(1, -1)],
      ['an empty value', () => ''],
      ['two tags without a comma', (etag: string) => `${etag} "other"`],
      ['a half-quoted tag', (etag: string) => etag.slice(0, -1)],
    ])(
      'refuses %s with 422 invalid_parameter naming If-Match and showing its form',
      async (_case, header) => {
        const id = await article();
        const etag = articleEtag({
          title: 'Bleeding radiators',
          body: BODY,
          featured_image_url: null,
        });
        const res = await refused(id, () =>
          put(id, { body: `${BODY}<p>x</p>` }).set('If-Match', header(etag)),
        );
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          error: 'invalid_parameter',
          message: expect.stringMatching(
            /^Invalid parameter If-Match: must be \* or the article’s ETag in double quotes/,
          ),
          details: [{ field: 'If-Match', message: expect.stringContaining('(e.g. "') }],
        });
      },
    );

    it('refuses a weak tag with 422, explaining that If-Match compares strongly', async () => {
      const id = await article();
      const etag = articleEtag({
        title: 'Bleeding radiators',
        body: BODY,
        featured_image_url: null,
      });
      for (const header of [`W/${etag}`, `${etag}, W/"other"`]) {
        const res = await refused(id, () =>
          put(id, { body: `${BODY}<p>x</p>` }).set('If-Match', header),
        );
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({
          error: 'invalid_parameter',
          details: [{ field: 'If-Match', message: expect.stringContaining('strong comparison') }],
        });
      }
    });

    it('refuses an If-Match over 1,024 characters with its limit', async () => {
      const id = await article();
      const res = await refused(id, () =>
        put(id, { body: `${BODY}<p>x</p>` }).set('If-Match', `"${'a'.repeat(1_023)}"`),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_parameter', limit: 1_024 });
    });
  });

  describe('OpenAPI document', () => {
    it('describes both writes: request bodies per content type, If-Match, and every error with an example', async () => {
      const { body: document } = await request(t.http).get('/api/v1/openapi.json');
      const update = document.paths['/api/v1/articles/{id}'].put;
      const replace = document.paths['/api/v1/articles/{id}/featured-image'].post;
      expect(update.operationId).toBe('updateArticle');
      expect(replace.operationId).toBe('replaceFeaturedImage');
      expect(Object.keys(update.requestBody.content)).toEqual(['application/json']);
      expect(Object.keys(replace.requestBody.content).sort()).toEqual([
        'application/json',
        'multipart/form-data',
      ]);
      const schema = (content: { schema: { $ref: string } }) =>
        document.components.schemas[content.schema.$ref.split('/').pop() as string];
      expect(schema(replace.requestBody.content['multipart/form-data']).properties.image).toEqual(
        expect.objectContaining({ type: 'string', format: 'binary' }),
      );
      expect(schema(replace.requestBody.content['application/json']).required).toEqual(['url']);
      for (const operation of [update, replace]) {
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
        );
        for (const status of ['401', '403', '404', '412', '422', '429']) {
          const examples = operation.responses[status].content['application/json'].examples;
          expect(Object.keys(examples ?? {}).length).toBeGreaterThan(0);
        }
        expect(operation.responses['429'].headers['Retry-After']).toBeDefined();
      }
      const examples422 = update.responses['422'].content['application/json'].examples;
      expect(examples422.protected_links_modified.value.protected_links).toHaveLength(1);
      expect(Object.keys(examples422)).toEqual(
        expect.arrayContaining([
          'validation_failed',
          'body_not_allowed',
          'protected_links_modified',
        ]),
      );
      expect(Object.keys(replace.responses['422'].content['application/json'].examples)).toEqual(
        expect.arrayContaining([
          'validation_failed',
          'unsupported_image_type',
          'invalid_image',
          'image_too_large',
          'invalid_url',
        ]),
      );
    });
  });

  describe('access', () => {
    it('answers another account’s article and a missing one with 404 article_not_found', async () => {
      const id = await article();
      for (const [target, key] of [
        [id, other.key],
        [2_000_000_000, owner.key],
      ] as const) {
        const res = await refused(id, () => put(target, { body: `${BODY}<p>x</p>` }, key));
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('article_not_found');
      }
    });

    it('refuses a read-only key with 403 insufficient_scope', async () => {
      const id = await article();
      const readOnly = await seedKey(t.db, owner.accountId, { scopes: ['read'] });
      const res = await refused(id, () => put(id, { body: `${BODY}<p>x</p>` }, readOnly.key));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('insufficient_scope');
    });
  });
});
