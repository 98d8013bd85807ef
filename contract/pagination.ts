import { z } from './zod';
import { ZText } from './input';
import { MAX_PAGE } from './pagination.plain';

export * from './pagination.plain';

/**
 * The one definition of a list's pages (contract/pagination.plain.ts says when each form is used). Inputs:
 * `page` (numbered, from 1; a URL's `?page=` is text, so it is coerced) or `cursor` (the previous page's
 * `nextCursor`, opaque). Outputs spread one of the three sets of fields below into the list's answer.
 */
export const ZPage = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** Where a keyset list continues: the previous page's `nextCursor`, which only its service reads. */
export const ZCursor = ZText.max(200);

/** A numbered page that does not count its list (a count would cost more than the page): is there more? */
export const pageFields = { page: z.number().int(), hasMore: z.boolean() };

/** A numbered page of a list that shows its count and links to its pages (`pageCount(total, pageSize)`). */
export const countedPageFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

/** A page of a keyset list: the cursor of the next page, null on the last. */
export const keysetPageFields = { nextCursor: z.string().nullable() };
