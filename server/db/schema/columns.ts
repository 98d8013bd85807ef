import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../../contract/money';

/**
 * Columns many tables share, each written once. A table spreads or calls them where it declares its columns;
 * the SQL they make is what each table wrote before (`npm run db:generate` finds nothing to migrate). The
 * references to a space and to a person live beside their tables (`spaceReference` in spaces.ts,
 * `userReference` in auth.ts).
 */

/** A row's id: a UUID the database draws. */
export function generatedId() {
  return uuid('id').primaryKey().defaultRandom();
}

/** An instant, stored in UTC (`timestamptz`): every time the app keeps is one (docs/decisions/017). */
export function instant(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When a row was made and last changed, both set to now by default (services write their `now`). */
export function changeTimes() {
  return {
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  };
}

/** An amount's three figures in integer cents (contract/money.ts): excluding VAT, the VAT, and the total. */
export function amountsWithVat() {
  return {
    exclVatCents: integer('excl_vat_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  };
}

/** The currency of a row's amounts (euros only for now). */
export function currency() {
  return text('currency', { enum: CURRENCIES }).notNull().default('EUR');
}
