import { sql } from 'drizzle-orm';
import { seedDemoSiteContent } from './seed-site-content';
import { seedDemoSpaces, type SavePhotoFile } from './seed-spaces';
import type { Db } from '../db/client';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoEvents } from './demo-events';
import { seedDemoFormulas } from './demo-formulas';
import { seedDemoCommunity } from './demo-community';
import { seedDemoReservations } from './demo-reservations';
import { spaces } from '../db/schema/spaces';

export interface SeedOptions {
  /**
   * Stores the demo files' bytes (photos, event covers, an ad's image, a shared PDF); without it the demo
   * data has no files.
   */
  savePhotoFile?: SavePhotoFile;
}

/** Fills an empty database with demo data; a database that already has spaces is left alone. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(spaces);
  if ((row?.count ?? 0) > 0) return false;
  await seedDemoSpaces(db, options.savePhotoFile);
  await seedDemoAccounts(db);
  await seedDemoReservations(db);
  await seedDemoFormulas(db);
  await seedDemoCommunity(db, new Date(), options.savePhotoFile);
  await seedDemoSiteContent(db, options.savePhotoFile);
  await seedDemoEvents(db, new Date(), options.savePhotoFile);
  await seedDemoDocuments(db, new Date(), options.savePhotoFile);
  return true;
}
