import { ConsolePageError } from '../console.errors.js';

/**
 * A restore form whose `etag` is not the one strong ETag the article page was
 * rendered with: `*`, a weak tag or a list would let the restore pass over a
 * change nobody saw, and a missing one says nothing. Refused; nothing changes.
 */
export class RestoreEtagError extends ConsolePageError {
  constructor(articleId: number) {
    super(
      422,
      'validation_failed',
      'This restore cannot be checked',
      'A restore must carry the ETag of the article as its page showed it (one strong tag, such as "q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"), so that a change made since is never overwritten unseen. This form carried none, or *, a weak tag or a list. Nothing was changed: open the article and restore from there.',
      {},
      { href: `/console/articles/${articleId}`, label: 'Open the article' },
    );
  }
}

/**
 * The article changed since the page that led to a restore showed it (its
 * ETag no longer matches): refused, nothing changes; the person is sent to
 * the article as it is now, to restore from there if they still want to.
 */
export class ArticleChangedError extends ConsolePageError {
  constructor(articleId: number, number: number) {
    super(
      412,
      'precondition_failed',
      'The article changed since you opened that page',
      `Someone (or an agent) edited it in the meantime, so revision ${number} was not restored and nothing changed. Look at the article as it is now, then restore again from there if you still want to.`,
      {},
      { href: `/console/articles/${articleId}`, label: 'Open the current article' },
    );
  }
}
