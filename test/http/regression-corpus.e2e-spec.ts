import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { articleState, latestRevision, refusedWithoutChange } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { callTool, hostedClient, listen } from '../support/mcp-client.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * Replays the regression corpus in test/http/corpus/: the inputs that broke the
 * service before issue 14 (accepted rewrites of protected links, silently
 * dropped tags, stalls, 500s, unlogged and forged calls), each with what must
 * happen to it now. Add the worst input of any new defect there.
 */
function corpus<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8')) as T;
}

interface ProtectedLinkCorpus {
  articleUrl: string;
  stored: string;
  mutations: Edit[];
  equivalents: Edit[];
}

interface Edit {
  name: string;
  find: string;
  replace: string;
}

interface HostileRequest {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  text?: Template;
  status: number;
  error?: string;
  limit?: number;
  origin?: string;
  stored?: { featured_image_url: string };
  logged?: { channel: string; operation: string | null };
}

type Template = string | { $repeat: string; times: number } | { $concat: Template[] };

const mutations = corpus<ProtectedLinkCorpus>('protected-link-mutations.json');
const unterminated = corpus<{ payloads: string[] }>('unterminated-tags.json');
const hostile = corpus<{ requests: HostileRequest[] }>('hostile-requests.json');

describe('Regression corpus (test/http/corpus)', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SeededAccount;
  let siteId: number;
  let agent: Client;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId);
    baseUrl = await listen(t);
    agent = await hostedClient(baseUrl, { Authorization: `Bearer ${owner.key}` });
  });
  afterAll(async () => {
    await agent.close();
    await t.close();
  });

  const article = () =>
    seedArticle(t.db, siteId, { body: mutations.stored, url: mutations.articleUrl });

  describe('protected-link mutations', () => {
    let id: number;
    beforeAll(async () => (id = await article()));

    it.each(mutations.mutations.map((m) => [m.name, m] as const))(
      'refuses %s, through the API and the agent server',
      async (_name, { find, replace }) => {
        expect(mutations.stored).toContain(find);
        const body = mutations.stored.replace(find, replace);
        const direct = await refusedWithoutChange(t.db, id, owner.keyId, () =>
          request(t.http).put(`/api/v1/articles/${id}`).set('X-API-Key', owner.key).send({ body }),
        );
        expect([direct.status, direct.body.error]).toEqual([422, 'protected_links_modified']);
        const tool = await refusedWithoutChange(t.db, id, owner.keyId, () =>
          callTool(agent, 'update_article', { article_id: id, body }),
        );
        expect(tool.structuredContent).toMatchObject({ error: 'protected_links_modified' });
      },
    );

    it.each(mutations.equivalents.map((m) => [m.name, m] as const))(
      'accepts %s',
      async (_name, { find, replace }) => {
        const fresh = await article();
        expect(mutations.stored).toContain(find);
        const res = await request(t.http)
          .put(`/api/v1/articles/${fresh}`)
          .set('X-API-Key', owner.key)
          .send({ body: mutations.stored.replace(find, replace) });
        expect(res.status).toBe(200);
      },
    );

    it('accepts the stored body put back unchanged', async () => {
      const res = await refusedWithoutChange(t.db, id, owner.keyId, () =>
        request(t.http)
          .put(`/api/v1/articles/${id}`)
          .set('X-API-Key', owner.key)
          .send({ body: mutations.stored }),
      );
      expect(res.status).toBe(200);
    });
  });

  describe('unterminated tags at the end of a body', () => {
    let id: number;
    beforeAll(async () => (id = await article()));

    it.each(unterminated.payloads)('refuses a body ending with %p, naming it', async (payload) => {
      const res = await refusedWithoutChange(t.db, id, owner.keyId, () =>
        request(t.http)
          .put(`/api/v1/articles/${id}`)
          .set('X-API-Key', owner.key)
          .send({ body: `${mutations.stored}${payload}` }),
      );
      expect(res.status).toBe(422);
      expect(res.body.details).toContainEqual({
        field: 'body',
        message: `ends inside an unterminated tag: ${payload}`,
      });
    });
  });

  describe('hostile requests', () => {
    it.each(hostile.requests.map((r) => [r.name, r] as const))('%s', async (_name, entry) => {
      const id = await article();
      const fill = (text: string) =>
        text
          .replaceAll('{site}', String(siteId))
          .replaceAll('{article}', String(id))
          .replaceAll('{protected}', mutations.stored);
      const requestId = randomUUID();
      const send = () => {
        const agentRequest = request(t.http);
        const path = fill(entry.path);
        let call =
          entry.method === 'GET'
            ? agentRequest.get(path)
            : entry.method === 'PUT'
              ? agentRequest.put(path)
              : agentRequest.post(path);
        call = call.set('X-API-Key', owner.key).set('X-Request-Id', requestId);
        for (const [name, value] of Object.entries(entry.headers ?? {}))
          call = call.set(name, value);
        if (entry.json !== undefined) return call.send(expand(entry.json, fill) as object);
        if (entry.text !== undefined) {
          return call
            .set('Content-Type', 'application/json')
            .send(expand(entry.text, fill) as string);
        }
        return call;
      };
      const res =
        entry.status >= 400
          ? await refusedWithoutChange(t.db, id, owner.keyId, send)
          : await send();
      expect(res.status).toBe(entry.status);
      if (entry.error !== undefined) expect(res.body.error).toBe(entry.error);
      if (entry.limit !== undefined) expect(res.body.limit).toBe(entry.limit);
      if (entry.origin !== undefined)
        expect((await latestRevision(t.db, id)).origin).toBe(entry.origin);
      if (entry.stored !== undefined) {
        expect((await articleState(t.db, id)).featured_image_url).toBe(
          entry.stored.featured_image_url,
        );
      }
      if (entry.logged !== undefined) {
        await t.app.get(LearningLogWriter).flush();
        const rows = await t.db.query(
          `SELECT channel, operation, key_id, account_id, status FROM learning_log WHERE request_id = $1`,
          [requestId],
        );
        expect(rows).toEqual([
          {
            ...entry.logged,
            key_id: owner.keyId,
            account_id: owner.accountId,
            status: entry.status,
          },
        ]);
      }
    });
  });
});

/** A corpus value with its templates expanded: strings filled in, repeats and concatenations made. */
function expand(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map((item) => expand(item, fill));
  if (typeof value !== 'object' || value === null) return value;
  if ('$repeat' in value) {
    const { $repeat, times } = value as { $repeat: string; times: number };
    return $repeat.repeat(times);
  }
  if ('$concat' in value) {
    return (value as { $concat: unknown[] }).$concat.map((part) => expand(part, fill)).join('');
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expand(item, fill)]));
}
