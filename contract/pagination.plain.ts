/**
 * Pagination without a schema, for browser modules a page loads first (contract/pagination.ts has the
 * schemas). One way to page a list, in two forms: numbered pages (`page`, from 1) where a page links to
 * the others, and a keyset cursor (`cursor` → `nextCursor`) where a list grows while it is read.
 */

/** The deepest numbered page a list serves. */
export const MAX_PAGE = 10_000;

/** How many numbered pages `total` rows make, at least one (an empty list is one empty page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The numbered page a URL's parameter asks for (`?page=3`): a whole number up to MAX_PAGE, else the first. */
export function pageParam(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}
