import { articleEtag } from '../../src/articles/edit/article-etag.js';
import {
  BodyNotAllowedError,
  EditLimitExceededError,
  PreconditionFailedError,
  ProtectedLinksModifiedError,
} from '../../src/articles/edit/article-edits.errors.js';
import {
  ArticleEditsService,
  type EditContext,
} from '../../src/articles/edit/article-edits.service.js';
import { ArticleNotFoundError, ArticlesModule } from '../../src/articles/index.js';
import { articleState, editsCounted, latestRevision } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { createServiceModule, ServiceModule } from '../support/service-module.js';

const PARTNER =
  '<a href="https://partner.example/" rel="sponsored" data-service-protected="backlink">trusted partner</a>';
const BODY = `<p>Start with our ${PARTNER}.</p>`;
const EDIT_LIMIT = 20;

/**
 * ArticleEditsService, the one way an article changes, on a real database:
 * what a call stores and what it refuses, without the HTTP layer.
 */
describe('ArticleEditsService (the article write path)', () => {
  let s: ServiceModule;
  let edits: ArticleEditsService;
  let owner: SeededAccount;
  let other: SeededAccount;
  let siteId: number;

  const byKey = (extra: Partial<EditContext> = {}): EditContext => ({
    accountId: owner.accountId,
    editor: { kind: 'key', keyId: owner.keyId, channel: 'api' },
    ...extra,
  });
  const article = () => seedArticle(s.db, siteId, { title: 'Radiators', body: BODY });
  const etagOf = async (id: number) => {
    const { title, body, featured_image_url } = await articleState(s.db, id);
    return articleEtag({ title, body, featured_image_url });
  };
  /** Asserts that `call` throws `error` and leaves the article, its revisions and the count alone. */
  const refused = async (
    id: number,
    error: new (...args: never[]) => Error,
    call: () => Promise<unknown>,
  ) => {
    const before = await articleState(s.db, id);
    const counted = await editsCounted(s.db, owner.keyId);
    await expect(call()).rejects.toBeInstanceOf(error);
    expect(await articleState(s.db, id)).toEqual(before);
    expect(await editsCounted(s.db, owner.keyId)).toBe(counted);
  };

  beforeAll(async () => {
    s = await createServiceModule([ArticlesModule], { EDIT_LIMIT_PER_DAY: String(EDIT_LIMIT) });
    edits = s.module.get(ArticleEditsService);
    owner = await seedAccount(s.db);
    other = await seedAccount(s.db, { name: 'Other agency' });
    siteId = await seedSite(s.db, owner.accountId);
  });
  afterAll(() => s.close());

  it('stores the edit, writes the next revision with its author and counts it, in one call', async () => {
    const id = await article();
    const counted = await editsCounted(s.db, owner.keyId);
    const body = `<p>Start with our ${PARTNER}. Then bleed each radiator.</p>`;
    const saved = await edits.update(byKey(), id, { title: 'Bleeding', body, reason: 'expand' });

    expect(saved).toMatchObject({ id, title: 'Bleeding', body, word_count: 9 });
    expect(await articleState(s.db, id)).toMatchObject({ title: 'Bleeding', body, revisions: 2 });
    expect(await latestRevision(s.db, id)).toMatchObject({
      number: 2,
      title: 'Bleeding',
      body,
      origin: 'api',
      reason: 'expand',
      key_id: owner.keyId,
    });
    expect(await editsCounted(s.db, owner.keyId)).toBe(counted + 1);
  });

  it('saves with the current ETag in If-Match and refuses a stale one with nothing changed', async () => {
    const id = await article();
    const stale = await etagOf(id);
    await edits.update(byKey({ ifMatch: stale }), id, { body: `${BODY}<p>One.</p>` });
    await refused(id, PreconditionFailedError, () =>
      edits.update(byKey({ ifMatch: stale }), id, { body: `${BODY}<p>Two.</p>` }),
    );
    await edits.update(byKey({ ifMatch: await etagOf(id) }), id, { body: `${BODY}<p>Two.</p>` });
    expect((await articleState(s.db, id)).body).toBe(`${BODY}<p>Two.</p>`);
  });

  it('refuses an edit that removes or rewrites a protected link, and markup the editor does not allow', async () => {
    const id = await article();
    await refused(id, ProtectedLinksModifiedError, () =>
      edits.update(byKey(), id, { body: '<p>Start with our partner.</p>' }),
    );
    await refused(id, ProtectedLinksModifiedError, () =>
      edits.update(byKey(), id, { body: BODY.replace('trusted partner', 'cheap partner') }),
    );
    await refused(id, BodyNotAllowedError, () =>
      edits.update(byKey(), id, { body: `${BODY}<script>alert(1)</script>` }),
    );
  });

  it('is a no-op for identical content: no revision, no count', async () => {
    const id = await article();
    const counted = await editsCounted(s.db, owner.keyId);
    await edits.update(byKey(), id, { title: 'Radiators', body: BODY });
    expect((await articleState(s.db, id)).revisions).toBe(1);
    expect(await editsCounted(s.db, owner.keyId)).toBe(counted);
  });

  it("answers 404 for another account's article and for one that does not exist", async () => {
    const id = await article();
    await refused(id, ArticleNotFoundError, () =>
      edits.update({ ...byKey(), accountId: other.accountId }, id, { body: BODY }),
    );
    await expect(edits.update(byKey(), 2_000_000_000, { body: BODY })).rejects.toBeInstanceOf(
      ArticleNotFoundError,
    );
  });

  it('rolls back the whole edit when the change throws under the lock', async () => {
    const id = await article();
    const before = await articleState(s.db, id);
    const counted = await editsCounted(s.db, owner.keyId);
    await expect(
      edits.apply(byKey(), id, undefined, async (_current, manager) => {
        await manager.query(`UPDATE articles SET title = 'half-written' WHERE id = $1`, [id]);
        throw new Error('refused late');
      }),
    ).rejects.toThrow('refused late');
    expect(await articleState(s.db, id)).toEqual(before);
    expect(await editsCounted(s.db, owner.keyId)).toBe(counted);
  });

  it('waits for the row lock another transaction holds, then applies on top of its change', async () => {
    const id = await article();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = s.db.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM articles WHERE id = $1 FOR UPDATE`, [id]);
      await manager.query(`UPDATE articles SET title = 'Held' WHERE id = $1`, [id]);
      locked();
      await held;
    });
    await lockTaken;
    let finished = false;
    const edit = edits
      .apply(byKey(), id, undefined, (current) => ({
        ...current,
        body: `${current.body}<p>Late.</p>`,
      }))
      .finally(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    release();
    await holder;
    const revision = await edit;
    // The edit read the row after the holder committed: its revision carries the holder's title.
    expect(revision).toMatchObject({ number: 2, title: 'Held' });
    expect(await articleState(s.db, id)).toMatchObject({
      title: 'Held',
      body: `${BODY}<p>Late.</p>`,
    });
  });

  it('serialises concurrent writers: one If-Match wins, each accepted edit gets its own revision number', async () => {
    const id = await article();
    const etag = await etagOf(id);
    const sameEtag = await Promise.allSettled(
      ['A', 'B', 'C', 'D'].map((name) =>
        edits.update(byKey({ ifMatch: etag }), id, { body: `${BODY}<p>${name}</p>` }),
      ),
    );
    expect(sameEtag.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const loser of sameEtag.filter((r) => r.status === 'rejected')) {
      expect(loser.reason).toBeInstanceOf(PreconditionFailedError);
    }

    await Promise.all(
      ['E', 'F', 'G', 'H'].map((name) =>
        edits.update(byKey(), id, { body: `${BODY}<p>${name}</p>` }),
      ),
    );
    const numbers = await s.db.query<Array<{ number: number }>>(
      `SELECT number FROM article_revisions WHERE article_id = $1 ORDER BY number`,
      [id],
    );
    expect(numbers.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
    // The article is the newest revision: no writer's change was lost between them.
    const state = await articleState(s.db, id);
    expect((await latestRevision(s.db, id)).body).toBe(state.body);
  });

  it('stops at the daily edit limit and counts only the edits that saved', async () => {
    const { keyId } = owner;
    const counted = await editsCounted(s.db, keyId);
    const id = await article();
    const left = EDIT_LIMIT - counted;
    const results = await Promise.allSettled(
      Array.from({ length: left + 3 }, (_, n) =>
        edits.update(byKey(), id, { body: `${BODY}<p>Edit ${n}</p>` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(left);
    for (const over of results.filter((r) => r.status === 'rejected')) {
      expect(over.reason).toBeInstanceOf(EditLimitExceededError);
    }
    expect(await editsCounted(s.db, keyId)).toBe(EDIT_LIMIT);
    expect((await articleState(s.db, id)).revisions).toBe(1 + left);
  });
});
