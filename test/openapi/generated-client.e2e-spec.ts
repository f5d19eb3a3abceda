import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type SwaggerParserType from '@apidevtools/swagger-parser';
import type { ValidateFunction } from 'ajv';
import request from 'supertest';
import { seedAccount, seedArticle, seedBacklink, seedSite } from '../support/fixtures.js';
import { pngImage } from '../support/images.js';
import { listen } from '../support/mcp-client.js';
import { PROTECTED_BODY } from '../support/mcp-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Node's own require: these packages require() modules that Jest's ESM loader cannot.
const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const SwaggerParser = require('@apidevtools/swagger-parser') as typeof SwaggerParserType;
const Ajv2020 = (require('ajv/dist/2020.js') as { default: new (options: object) => AjvLike })
  .default;
const addFormats = (require('ajv-formats') as { default: (ajv: AjvLike) => void }).default;

interface AjvLike {
  compile(schema: object): ValidateFunction;
  addKeyword(keyword: string): void;
}

/**
 * A client generated from the served document with a strict generator
 * (openapi-typescript, then openapi-fetch) must compile under TypeScript's
 * strictest settings and round-trip every operation against the server, each
 * answer matching the document: status documented, body valid against its
 * schema. The client is test/sdk/round-trip.ts.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SDK = join(ROOT, 'test/sdk');
const STEP_TIMEOUT_MS = 180_000;

interface Exchange {
  operationId: string;
  status: number;
  body: unknown;
  etag: string | null;
  link: string | null;
}

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

const run = promisify(execFile);

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  let t: TestApp;
  let baseUrl: string;
  let folder: string;
  let document: { paths: Record<string, Record<string, Operation>> };
  let exchanges: Exchange[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    baseUrl = await listen(t);
    folder = mkdtempSync(join(tmpdir(), 'content-api-sdk-'));
    document = (await request(t.http).get('/api/v1/openapi.json')).body;
    writeFileSync(join(folder, 'document.json'), JSON.stringify(document));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  it(
    'generates the types and compiles the client with the strictest settings',
    async () => {
      await run(
        process.execPath,
        [
          join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'),
          join(folder, 'document.json'),
          '--output',
          join(folder, 'openapi.ts'),
        ],
        { cwd: folder },
      );
      copyFileSync(join(SDK, 'round-trip.ts'), join(folder, 'round-trip.ts'));
      copyFileSync(join(SDK, 'tsconfig.json'), join(folder, 'tsconfig.json'));
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
      symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
      const compiled = await run(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(folder, 'tsconfig.json')],
        { cwd: folder },
      ).catch((failure: { stdout: string }) => ({ stdout: failure.stdout, failed: true }));
      expect(compiled.stdout).toBe('');
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'round-trips every operation, each answer documented and valid against its schema',
    async () => {
      const owner = await seedAccount(t.db);
      const other = await seedAccount(t.db, { name: 'Other agency' });
      const siteId = await seedSite(t.db, owner.accountId, { name: 'Acme Plumbing' });
      await seedSite(t.db, owner.accountId, { name: 'Acme Heating', website_url: null });
      const articleId = await seedArticle(t.db, siteId, {
        title: 'How to bleed a radiator',
        body: PROTECTED_BODY,
        published_at: '2026-10-02T09:00:00Z',
      });
      await seedArticle(t.db, siteId, { title: null, published_at: null, word_count: null });
      for (const day of ['2026-10-05', '2026-10-09']) {
        await seedBacklink(t.db, siteId, { acquired_at: `${day}T00:00:00Z`, anchor_text: null });
      }
      const otherArticleId = await seedArticle(t.db, await seedSite(t.db, other.accountId));

      const { stdout } = await run(process.execPath, [join(folder, 'out/round-trip.js')], {
        cwd: folder,
        env: {
          PATH: process.env.PATH,
          BASE_URL: baseUrl,
          API_KEY: owner.key,
          SITE_ID: String(siteId),
          ARTICLE_ID: String(articleId),
          OTHER_ARTICLE_ID: String(otherArticleId),
          PNG_BASE64: pngImage(3).toString('base64'),
        },
      });
      exchanges = JSON.parse(stdout) as Exchange[];

      expect(exchanges.map((e) => `${e.operationId} ${e.status}`)).toEqual([
        'getOpenApiDocument 200',
        'listSites 200',
        'listArticles 200',
        'getArticle 200',
        'getArticle 304',
        'updateArticle 200',
        'updateArticle 412',
        'updateArticle 422',
        'replaceFeaturedImage 200',
        'replaceFeaturedImage 200',
        'listBacklinks 200',
        'getStats 200',
        'getStats 422',
        'getSiteReport 200',
        'getSiteReport 406',
        'getAccountReport 200',
        'getArticle 404',
        'listSites 401',
      ]);
      const operationIds = Object.values(document.paths).flatMap((item) =>
        Object.values(item).map((operation) => operation.operationId),
      );
      expect(new Set(exchanges.map((e) => e.operationId))).toEqual(new Set(operationIds));

      const resolved = (await SwaggerParser.dereference(
        structuredClone(document) as never,
      )) as unknown as {
        paths: Record<string, Record<string, Operation>>;
      };
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const mismatches: string[] = [];
      for (const exchange of exchanges) {
        const operation = Object.values(resolved.paths)
          .flatMap((item) => Object.values(item))
          .find((candidate) => candidate.operationId === exchange.operationId)!;
        const documented = operation.responses[String(exchange.status)];
        if (documented === undefined) {
          mismatches.push(`${exchange.operationId} ${exchange.status}: status not documented`);
          continue;
        }
        const schema = documented.content?.['application/json']?.schema;
        if (schema === undefined) {
          if (exchange.body !== undefined) mismatches.push(`${exchange.operationId}: a body`);
          continue;
        }
        const validate = ajv.compile(schema);
        if (!validate(exchange.body)) {
          mismatches.push(
            `${exchange.operationId} ${exchange.status}: ${JSON.stringify(validate.errors)}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
    STEP_TIMEOUT_MS,
  );
});
