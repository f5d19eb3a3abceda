import { articleEtag } from '../../src/articles/edit/article-etag.js';
import { ArticleEditsService } from '../../src/articles/edit/article-edits.service.js';
import {
  ArticleNotFoundError,
  ArticlesModule,
  PreconditionFailedError,
  RestoreDropsProtectedLinksError,
  RevisionNotFoundError,
  RevisionRestoreService,
} from '../../src/articles/index.js';
import type { EditContext } from '../../src/articles/edit/article-edits.service.js';
import { articleState, editsCounted, latestRevision } from '../support/article-state.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { createServiceModule, ServiceModule } from '../support/service-module.js';

const PARTNER =
  '<a href="https://partner.example/" rel="sponsored" data-service-protected="backlink">trusted partner</a>';

/**
 * RevisionRestoreService on a real database: a restore goes through the
 * write path (row lock, If-Match, a new revision) and keeps the
 * protected-link rule unless forced.
 */
describe('RevisionRestoreService (restoring a revision through the write path)', () => {
  let s: ServiceModule;
  let restores: RevisionRestoreService;
  let edits: ArticleEditsService;
  let owner: SeededAccount;
  let other: SeededAccount;
  let siteId: number;

  const operator = (extra: Partial<EditContext> = {}): EditContext => ({
    accountId: owner.accountId,
    editor: { kind: 'operator' },
    ...extra,
  });
  const byKey: () => EditContext = () => ({
    accountId: owner.accountId,
    editor: { kind: 'key', keyId: owner.keyId, channel: 'api' },
  });
  const revisionNumbers = async (id: number) =>
    (
      await s.db.query<Array<{ number: number }>>(
        `SELECT number FROM article_revisions WHERE article_id = $1 ORDER BY number`,
        [id],
      )
    ).map((row) => row.number);

  beforeAll(async () => {
    s = await createServiceModule([ArticlesModule]);
    restores = s.module.get(RevisionRestoreService);
    edits = s.module.get(ArticleEditsService);
    owner = await seedAccount(s.db);
    other = await seedAccount(s.db, { name: 'Other agency' });
    siteId = await seedSite(s.db, owner.accountId);
  });
  afterAll(() => s.close());

  it('brings revision 1 back as a new editor revision, keeps every earlier one and counts no edit', async () => {
    const id = await seedArticle(s.db, siteId, { title: 'First', body: '<p>First body.</p>' });
    await edits.update(byKey(), id, { title: 'Second', body: '<p>Second body.</p>' });
    const counted = await editsCounted(s.db, owner.keyId);

    const { revision } = await restores.restore(operator(), id, 1);

    expect(revision).toMatchObject({ number: 3, origin: 'editor', reason: 'Restored revision 1' });
    expect(await articleState(s.db, id)).toMatchObject({
      title: 'First',
      body: '<p>First body.</p>',
      revisions: 3,
    });
    expect(await latestRevision(s.db, id)).toMatchObject({
      body: '<p>First body.</p>',
      actor: 'cli',
    });
    expect(await revisionNumbers(id)).toEqual([1, 2, 3]);
    expect(await editsCounted(s.db, owner.keyId)).toBe(counted);
  });

  it('restoring the content the article already has writes nothing', async () => {
    const id = await seedArticle(s.db, siteId, { body: '<p>Same.</p>' });
    expect(await restores.restore(operator(), id, 1)).toEqual({ revision: null });
    expect(await revisionNumbers(id)).toEqual([1]);
  });

  it('refuses a revision that would drop a protected link the current body carries, unless forced', async () => {
    const id = await seedArticle(s.db, siteId, { body: '<p>Bare.</p>' });
    await s.db.query(`UPDATE articles SET body = $2 WHERE id = $1`, [
      id,
      `<p>With ${PARTNER}.</p>`,
    ]);

    await expect(restores.restore(operator(), id, 1)).rejects.toBeInstanceOf(
      RestoreDropsProtectedLinksError,
    );
    expect((await articleState(s.db, id)).body).toBe(`<p>With ${PARTNER}.</p>`);
    expect(await revisionNumbers(id)).toEqual([1]);

    await restores.restore(operator(), id, 1, { force: true });
    expect((await articleState(s.db, id)).body).toBe('<p>Bare.</p>');
    expect(await revisionNumbers(id)).toEqual([1, 2]);
  });

  it('checks If-Match like any edit', async () => {
    const id = await seedArticle(s.db, siteId, { title: 'T', body: '<p>One.</p>' });
    await edits.update(byKey(), id, { body: '<p>Two.</p>' });
    const stale = articleEtag({ title: 'T', body: '<p>One.</p>', featured_image_url: null });

    await expect(restores.restore(operator({ ifMatch: stale }), id, 1)).rejects.toBeInstanceOf(
      PreconditionFailedError,
    );
    expect(await revisionNumbers(id)).toEqual([1, 2]);

    const current = articleEtag({ title: 'T', body: '<p>Two.</p>', featured_image_url: null });
    await restores.restore(operator({ ifMatch: current }), id, 1);
    expect((await articleState(s.db, id)).body).toBe('<p>One.</p>');
  });

  it("answers not found for a missing revision and for another account's article", async () => {
    const id = await seedArticle(s.db, siteId);
    await expect(restores.restore(operator(), id, 9)).rejects.toBeInstanceOf(RevisionNotFoundError);
    await expect(
      restores.restore(operator({ accountId: other.accountId }), id, 1),
    ).rejects.toBeInstanceOf(ArticleNotFoundError);
    expect(await revisionNumbers(id)).toEqual([1]);
  });

  it('serialises with a concurrent edit: both land, as consecutive revisions', async () => {
    const id = await seedArticle(s.db, siteId, { body: '<p>Original.</p>' });
    await edits.update(byKey(), id, { body: '<p>Edited.</p>' });
    await Promise.all([
      restores.restore(operator(), id, 1),
      edits.update(byKey(), id, { body: '<p>Edited again.</p>' }),
    ]);
    expect(await revisionNumbers(id)).toEqual([1, 2, 3, 4]);
    expect((await latestRevision(s.db, id)).body).toBe((await articleState(s.db, id)).body);
  });
});
