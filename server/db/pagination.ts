import { sql, type SQL } from 'drizzle-orm';

/**
 * Reading one page of a list (contract/pagination.ts): one row more than the page is read, so the answer
 * says whether another follows without counting the list.
 */

/** `LIMIT`/`OFFSET` of numbered page `page` (from 1), one row beyond it. */
export function pageWindowSql(page: number, pageSize: number): SQL {
  return sql`LIMIT ${pageSize + 1} OFFSET ${(page - 1) * pageSize}`;
}

/** The page of rows read one beyond its size, and whether more follow. */
export function pageOf<T>(rows: readonly T[], pageSize: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** A keyset page: its rows, and the next page's cursor (made from its last row) when more follow. */
export function keysetPageOf<T>(
  rows: readonly T[],
  pageSize: number,
  cursorOf: (last: T) => string,
): { items: T[]; nextCursor: string | null } {
  const { items, hasMore } = pageOf(rows, pageSize);
  const last = items[items.length - 1];
  return { items, nextCursor: hasMore && last !== undefined ? cursorOf(last) : null };
}
