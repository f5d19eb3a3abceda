/**
 * The one "is this site on the account?" of SQL built elsewhere: a boolean
 * expression that statements answering in one round trip embed instead of
 * joining `sites` themselves — a list's first pages (ownership, total and
 * rows in one statement, which the bench and the after-bulk-write test count
 * on), stats, an article by id, an edit's row lock. `site` and `account` are
 * SQL: a parameter (`$1`) or a column (`a.site_id`). A site asked about on
 * its own goes through SitesRepository.findOwned.
 */
export function siteOnAccount(site: string, account: string): string {
  return `EXISTS (SELECT 1 FROM sites WHERE id = ${site} AND account_id = ${account})`;
}

/**
 * The ids of the account's sites, as a subquery for SQL built elsewhere
 * that sums over a whole account (the account report) — so that only this
 * module names the `sites` table. `account` is SQL, as above.
 */
export function sitesOfAccount(account: string): string {
  return `(SELECT id FROM sites WHERE account_id = ${account})`;
}
