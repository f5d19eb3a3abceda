import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { articleEtag } from '../../src/articles/edit/article-etag.js';
import type { AppConfig } from '../../src/config/app-config.js';
import { APP_CONFIG } from '../../src/config/config.module.js';
import { articleState, latestRevision, refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { avifImage, gifImage, jpegImage, pngImage, webpImage } from '../support/images.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Supertest's parser for binary bodies: the bytes exactly as served. */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('POST /api/v1/articles/{id}/featured-image', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let other: SeededAccount;
  let siteId: number;
  let mediaDir: string;

  const post = (id: number, key = owner.key) =>
    request(t.http).post(`/api/v1/articles/${id}/featured-image`).set('X-API-Key', key);
  const upload = (id: number, bytes: Buffer, name = 'photo.bin', key = owner.key) =>
    post(id, key).attach('image', bytes, {
      filename: name,
      contentType: 'application/octet-stream',
    });
  const article = () =>
    seedArticle(t.db, siteId, { featured_image_url: 'https://cdn.example/old.jpg' });
  const storedMedia = () => {
    try {
      return readdirSync(mediaDir);
    } catch {
      return [];
    }
  };

  const refused = (id: number, call: () => Promise<request.Response>) =>
    refusedWithoutChange(t.db, id, owner.keyId, call);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
    mediaDir = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'media');
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('stores the image content-addressed, serves it back byte for byte, and records the edit', async () => {
      const id = await article();
      const bytes = pngImage(7, 16, 16);
      const res = await upload(id, bytes, 'radiator.png').field('reason', 'New photo');
      expect(res.status).toBe(200);
      const url = `http://api.test/media/${sha256(bytes)}.png`;
      expect(res.body.data).toEqual(expect.objectContaining({ id, featured_image_url: url }));
      expect(res.body.data).not.toHaveProperty('body');
      expect(res.headers.etag).toBe(articleEtag(await articleState(t.db, id)));
      expect(await latestRevision(t.db, id)).toMatchObject({
        number: 2,
        featured_image_url: url,
        origin: 'api',
        reason: 'New photo',
        key_id: owner.keyId,
      });

      const served = await request(t.http).get(new URL(url).pathname).buffer(true).parse(binary);
      expect(served.status).toBe(200);
      expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-length']).toBe(String(bytes.length));
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([
      ['JPEG', jpegImage(), 'jpg', 'image/jpeg'],
      ['GIF', gifImage(), 'gif', 'image/gif'],
      ['WebP', webpImage('lossy'), 'webp', 'image/webp'],
      ['AVIF', avifImage(), 'avif', 'image/avif'],
    ])(
      'accepts a %s, judged by its bytes, and serves it with its type',
      async (_name, bytes, extension, type) => {
        const id = await article();
        const res = await upload(id, bytes, 'upload.png');
        expect(res.status).toBe(200);
        expect(res.body.data.featured_image_url).toBe(
          `http://api.test/media/${sha256(bytes)}.${extension}`,
        );
        const served = await request(t.http).get(`/media/${sha256(bytes)}.${extension}`);
        expect(served.headers['content-type']).toBe(type);
      },
    );

    it('ignores the declared type: PNG bytes sent as a JPEG are stored as a PNG', async () => {
      const id = await article();
      const bytes = pngImage(8);
      const res = await post(id).attach('image', bytes, {
        filename: 'x.jpg',
        contentType: 'image/jpeg',
      });
      expect(res.body.data.featured_image_url).toMatch(/\.png$/);
    });

    it.each([
      ['text', 'unsupported_image_type', Buffer.from('not an image at all')],
      [
        'an SVG',
        'unsupported_image_type',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ],
      ['a truncated PNG', 'invalid_image', pngImage(9).subarray(0, 40)],
      ['a corrupted PNG', 'invalid_image', Buffer.from(pngImage(10)).fill(0, 40, 44)],
      ['a truncated JPEG', 'invalid_image', jpegImage().subarray(0, 150)],
    ])('refuses %s with 422 %s and stores nothing', async (_name, error, bytes) => {
      const id = await article();
      const files = storedMedia();
      const res = await refused(id, () => upload(id, bytes));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(error);
      expect(res.body.details[0].field).toBe('image');
      expect(storedMedia()).toEqual(files);
    });

    it('refuses a file over 10 MiB with 422 image_too_large and the limit', async () => {
      const id = await article();
      const bytes = Buffer.concat([pngImage(11), Buffer.alloc(10 * 1024 * 1024)]);
      const res = await refused(id, () => upload(id, bytes));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'image_too_large', limit: 10_485_760 });
    });

    it('accepts a file of exactly 10 MiB', async () => {
      const id = await article();
      const png = pngImage(12);
      const padded = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length)]);
      const res = await upload(id, padded);
      expect(res.status).toBe(200);
    });

    it('counts uploading the current image again as no change', async () => {
      const id = await article();
      const bytes = pngImage(13);
      expect((await upload(id, bytes)).status).toBe(200);
      const again = await refused(id, () => upload(id, bytes));
      expect(again.status).toBe(200);
    });
  });

  describe('url', () => {
    it('stores a JSON url as the WHATWG URL parser writes it, never fetching it', async () => {
      const id = await article();
      const url = 'https://cdn.example/images/Radiator%20Close-up.JPG?v=2#top';
      const res = await post(id).send({ url, reason: 'CDN copy' });
      expect(res.status).toBe(200);
      expect(res.body.data.featured_image_url).toBe(url);
      expect(await latestRevision(t.db, id)).toMatchObject({
        featured_image_url: url,
        reason: 'CDN copy',
      });
    });

    it('stores a url with quotes and angle brackets percent-encoded, as a browser would send it', async () => {
      const id = await article();
      const res = await post(id).send({ url: 'https://x.example/"><script>alert(1)</script>' });
      expect(res.status).toBe(200);
      const stored = 'https://x.example/%22%3E%3Cscript%3Ealert(1)%3C/script%3E';
      expect(res.body.data.featured_image_url).toBe(stored);
      expect((await articleState(t.db, id)).featured_image_url).toBe(stored);
      const spelt = await post(id).send({ url: 'HTTPS://CDN.Example:443/a/./b/../c.jpg' });
      expect(spelt.body.data.featured_image_url).toBe('https://cdn.example/a/c.jpg');
    });

    it('stores a url sent as a form field', async () => {
      const id = await article();
      const res = await post(id).field('url', 'http://cdn.example/form.png');
      expect(res.status).toBe(200);
      expect(res.body.data.featured_image_url).toBe('http://cdn.example/form.png');
    });

    it.each([
      ['a relative url', '/images/a.jpg', undefined],
      ['a javascript: url', 'javascript:alert(1)', undefined],
      ['a data: url', 'data:image/png;base64,iVBORw0KGgo=', undefined],
      ['an ftp url', 'ftp://cdn.example/a.jpg', undefined],
      ['a url with spaces', 'https://cdn.example/a b.jpg', undefined],
      ['a url over 2,048 characters', `https://cdn.example/${'a'.repeat(2030)}`, 2048],
      [
        'a url over 2,048 characters once percent-encoded',
        `https://cdn.example/${'"'.repeat(1000)}`,
        2048,
      ],
      ['a url with credentials', 'https://user:secret@cdn.example/a.jpg', undefined],
      ['a url with a user name', 'https://user@cdn.example/a.jpg', undefined],
      ['a loopback url', 'http://127.0.0.1/a.jpg', undefined],
      ['a loopback url in hex', 'http://0x7f.1/a.jpg', undefined],
      ['an IPv6 loopback url', 'http://[::1]/a.jpg', undefined],
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', undefined],
      ['a private address', 'https://10.1.2.3/a.jpg', undefined],
      ['localhost', 'http://localhost:8080/a.jpg', undefined],
      ['an .internal name', 'http://metadata.google.internal/x', undefined],
    ])('refuses %s with 422 invalid_url', async (_name, url, limit) => {
      const id = await article();
      const res = await refused(id, () => post(id).send({ url }));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('invalid_url');
      expect(res.body.details).toEqual([{ field: 'url', message: expect.any(String) }]);
      expect(res.body.limit).toBe(limit);
    });
  });

  describe('validation', () => {
    it.each([
      ['JSON without url', (id: number) => post(id).send({ reason: 'x' }), 'url'],
      [
        'JSON with an unknown field',
        (id: number) => post(id).send({ url: 'https://a.example/x.png', image: 'x' }),
        'image',
      ],
      ['JSON with a url that is not a string', (id: number) => post(id).send({ url: 42 }), 'url'],
      ['a form with neither image nor url', (id: number) => post(id).field('reason', 'x'), 'image'],
      [
        'a form with both image and url',
        (id: number) => upload(id, pngImage(14)).field('url', 'https://a.example/x.png'),
        'image',
      ],
      [
        'a file in another field',
        (id: number) => post(id).attach('photo', pngImage(15), 'x.png'),
        'photo',
      ],
      [
        'two files',
        (id: number) => upload(id, pngImage(16)).attach('image', pngImage(17), 'y.png'),
        'image',
      ],
      [
        'a reason over 2,000 characters',
        (id: number) => upload(id, pngImage(18)).field('reason', 'r'.repeat(2001)),
        'reason',
      ],
    ])('refuses %s with 422 validation_failed', async (_name, call, field) => {
      const id = await article();
      const res = await refused(id, () => call(id));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details).toContainEqual({ field, message: expect.any(String) });
    });

    it('names both image and url when a form has neither', async () => {
      const id = await article();
      const res = await refused(id, () => post(id).field('reason', 'x'));
      expect(res.body).toEqual({
        error: 'validation_failed',
        message: 'Invalid request body: send an image file or a url.',
        details: [
          { field: 'image', message: 'is required when url is not sent' },
          { field: 'url', message: 'is required when image is not sent' },
        ],
      });
    });
  });

  describe('access and concurrency', () => {
    it('answers another account’s article with 404 article_not_found, for an upload and a url, and stores nothing', async () => {
      const id = await article();
      const files = storedMedia();
      const uploaded = await refused(id, () => upload(id, pngImage(19), 'x.png', other.key));
      expect(uploaded.status).toBe(404);
      expect(uploaded.body.error).toBe('article_not_found');
      const linked = await refused(id, () =>
        post(id, other.key).send({ url: 'https://a.example/x.png' }),
      );
      expect(linked.status).toBe(404);
      expect(storedMedia()).toEqual(files);
    });

    it('refuses a stale If-Match with 412 precondition_failed', async () => {
      const id = await article();
      const read = await request(t.http).get(`/api/v1/articles/${id}`).set('X-API-Key', owner.key);
      await post(id).send({ url: 'https://a.example/first.png' });
      const stale = await refused(id, () =>
        post(id).set('If-Match', read.headers.etag).send({ url: 'https://a.example/second.png' }),
      );
      expect(stale.status).toBe(412);
      expect(stale.body.error).toBe('precondition_failed');
    });

    it('refuses an If-Match without quotes with 422 invalid_parameter naming the header, storing nothing', async () => {
      const id = await article();
      const files = storedMedia();
      const read = await request(t.http).get(`/api/v1/articles/${id}`).set('X-API-Key', owner.key);
      const res = await refused(id, () =>
        post(id)
          .set('If-Match', read.headers.etag.slice(1, -1))
          .attach('image', pngImage(), 'a.png'),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'invalid_parameter',
        details: [{ field: 'If-Match' }],
      });
      expect(storedMedia()).toEqual(files);
    });
  });

  describe('GET /media/{key}', () => {
    it.each([
      '0'.repeat(64) + '.png',
      'nothing.png',
      '..%2F..%2Fpostgres-password',
      `${'a'.repeat(64)}.svg`,
    ])('answers %s with 404 not_found, without a credential', async (key) => {
      const res = await request(t.http).get(`/media/${key}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    });
  });
});

describe('GET /media/{key} and the request limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('serves media to any number of readers: it is not an API call', async () => {
    const owner = await seedAccount(t.db);
    const id = await seedArticle(t.db, await seedSite(t.db, owner.accountId));
    const uploaded = await request(t.http)
      .post(`/api/v1/articles/${id}/featured-image`)
      .set('X-API-Key', owner.key)
      .attach('image', pngImage(20), 'x.png');
    const path = new URL(uploaded.body.data.featured_image_url as string).pathname;
    for (let i = 0; i < 5; i++) expect((await request(t.http).get(path)).status).toBe(200);
  });
});
