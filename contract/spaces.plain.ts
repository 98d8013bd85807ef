/**
 * Space statuses, list sorts and helpers, without a schema: browser modules a page loads first import these from here, so zod
 * stays out of their graph. `contract/spaces.ts` re-exports them with its schemas.
 */

export const SPACE_STATUSES = ['draft', 'published', 'archived'] as const;

export type SpaceStatus = (typeof SPACE_STATUSES)[number];

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/**
 * The city as search compares it: "Saint-Étienne", "saint etienne" and "SAINT ETIENNE" are one city.
 * Lower case, accents removed, hyphens, apostrophes and runs of spaces as one space.
 */
export function cityKeyOf(city: string): string {
  return city
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-'’]+/g, ' ')
    .trim();
}

export const SPACE_LIST_SORTS = ['name', 'city', 'price', 'newest'] as const;

export type SpaceListSort = (typeof SPACE_LIST_SORTS)[number];
export const SPACE_LIST_PAGE_SIZE = 12;
