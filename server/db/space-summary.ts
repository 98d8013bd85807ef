import { eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { Db } from './client';
import { spaces } from './schema/spaces';
import type { Tx } from './transaction';

/**
 * What services read of a space to name it and to place its dates: the one lookup of a space's time zone
 * (an event's wall-clock times, a period's calendar days, an invoice's dates and e-mails are read there).
 */
export interface SpaceSummary {
  id: string;
  slug: string;
  name: string;
  city: string;
  timeZone: string;
}

/** The summary's columns, for a query that joins `spaces` (drizzle's select). */
export const spaceSummaryColumns = {
  id: spaces.id,
  slug: spaces.slug,
  name: spaces.name,
  city: spaces.city,
  timeZone: spaces.timeZone,
};

/** The space's summary, or undefined when the id names no space. */
export async function findSpaceSummary(db: Db | Tx, spaceId: string): Promise<SpaceSummary | undefined> {
  const [space] = await db.select(spaceSummaryColumns).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
  return space;
}

/** The space's summary, or `not-found`. */
export async function spaceSummaryOf(db: Db | Tx, spaceId: string): Promise<SpaceSummary> {
  const space = await findSpaceSummary(db, spaceId);
  if (!space) throw new AppError('not-found', `No space ${spaceId}`);
  return space;
}
