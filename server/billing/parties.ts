import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import type { TBillingDetailsForm } from '#contract/invoices';
import { billingDetailsGaps, isBusinessBilling, type BillingDetailsFields } from '#contract/invoices.plain';
import { isLocale, DEFAULT_LOCALE, type Locale } from '#contract/locale';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { billingDetails, spaceLegalIdentities } from '../db/schema/invoices';
import type { Tx } from '../db/transaction';

/**
 * Who sells and who buys on a document: the space's legal identity (complete before Escale invoices in its
 * name) and the snapshots of seller and buyer an invoice keeps as issued.
 */

export type LegalIdentityRow = typeof spaceLegalIdentities.$inferSelect;

export interface SellerSnapshot {
  spaceName: string;
  legalName: string;
  legalForm: string;
  shareCapitalCents: number | null;
  addressLine: string;
  postcode: string;
  city: string;
  country: string;
  siren: string;
  siret: string;
  rcsCity: string;
  vatNumber: string;
  vatRegime: 'standard' | 'franchise';
  vatOnDebits: boolean;
  latePaymentRateBasisPoints: number;
  iban: string;
  bic: string;
}

export interface BuyerSnapshot extends BillingDetailsFields {
  name: string;
  email: string;
}

/** A business buyer owes the €40 recovery fee and is shown the late-payment interest terms. */
export function isBusinessBuyer(buyer: BuyerSnapshot): boolean {
  return isBusinessBilling(buyer);
}

/**
 * `failed-precondition` naming the billing fields the buyer must give before an invoice of `exclVatCents`
 * is issued to them (the rule: `billingDetailsGaps`, contract/invoices.plain.ts).
 */
export function requireBillingDetails(buyer: BuyerSnapshot, exclVatCents: number): void {
  const missing = billingDetailsGaps(buyer, exclVatCents);
  if (missing.length > 0)
    throw new AppError('failed-precondition', `Billing details needed: ${missing.join(', ')}`, {
      reason: 'billing-details-missing',
      missing,
    });
}

/** Every field a space must fill before Escale invoices in its name, in the form's order. */
export function legalIdentityGaps(identity: LegalIdentityRow | null | undefined): string[] {
  if (!identity)
    return [
      'legalName',
      'legalForm',
      'addressLine',
      'postcode',
      'city',
      'siren',
      'siret',
      'vatNumber',
      'iban',
      'bic',
      'mandate',
    ];
  const gaps: string[] = [];
  const blank = (value: string) => value.trim() === '';
  if (blank(identity.legalName)) gaps.push('legalName');
  if (blank(identity.legalForm)) gaps.push('legalForm');
  if (blank(identity.addressLine)) gaps.push('addressLine');
  if (blank(identity.postcode)) gaps.push('postcode');
  if (blank(identity.city)) gaps.push('city');
  if (!/^\d{9}$/.test(identity.siren)) gaps.push('siren');
  if (!/^\d{14}$/.test(identity.siret) || !identity.siret.startsWith(identity.siren)) gaps.push('siret');
  if (identity.vatRegime === 'standard' && blank(identity.vatNumber)) gaps.push('vatNumber');
  if (blank(identity.iban)) gaps.push('iban');
  if (blank(identity.bic)) gaps.push('bic');
  if (!identity.mandateAcceptedAt) gaps.push('mandate');
  return gaps;
}

/**
 * The legal identity of the space `spaceId` names, as one JSON value a query selects beside the rest
 * (a booking's context reads it so): null when the space has none. `legalIdentityOfJson` reads it back.
 */
export function legalIdentityJsonSql(spaceId: SQL): SQL {
  return sql`(SELECT to_jsonb(legal) FROM space_legal_identities AS legal WHERE legal.space_id = ${spaceId})`;
}

/** The row `legalIdentityJsonSql` selected, as `legalIdentityOf` gives it (null: no identity). */
export function legalIdentityOfJson(json: Record<string, unknown> | null): LegalIdentityRow | null {
  if (!json) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(spaceLegalIdentities))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as LegalIdentityRow;
}

export async function legalIdentityOf(db: Db | Tx, spaceId: string): Promise<LegalIdentityRow | null> {
  const [row] = await db.select().from(spaceLegalIdentities).where(eq(spaceLegalIdentities.spaceId, spaceId));
  return row ?? null;
}

/** `failed-precondition` naming what is missing, until the space's identity is complete. */
export function requireCompleteIdentity(identity: LegalIdentityRow | null): LegalIdentityRow {
  const missing = legalIdentityGaps(identity);
  if (missing.length > 0)
    throw new AppError('failed-precondition', `Invoicing needs: ${missing.join(', ')}`, {
      reason: 'legal-identity-incomplete',
      missing,
    });
  return identity!;
}

export function sellerOf(identity: LegalIdentityRow, spaceName: string): SellerSnapshot {
  return {
    spaceName,
    legalName: identity.legalName,
    legalForm: identity.legalForm,
    shareCapitalCents: identity.shareCapitalCents,
    addressLine: identity.addressLine,
    postcode: identity.postcode,
    city: identity.city,
    country: identity.country,
    siren: identity.siren,
    siret: identity.siret,
    rcsCity: identity.rcsCity,
    vatNumber: identity.vatNumber,
    vatRegime: identity.vatRegime,
    vatOnDebits: identity.vatOnDebits,
    latePaymentRateBasisPoints: identity.latePaymentRateBasisPoints,
    iban: identity.iban,
    bic: identity.bic,
  };
}

/** The billing details of a member who gave none. */
export const EMPTY_BILLING: TBillingDetailsForm = {
  name: '',
  addressLine: '',
  postcode: '',
  city: '',
  country: 'FR',
  businessName: '',
  siren: '',
  vatNumber: '',
};

/** A member's billing details as their form reads them (none given: the empty form). */
export function billingFormOf(row: typeof billingDetails.$inferSelect | null): TBillingDetailsForm {
  if (!row) return EMPTY_BILLING;
  const { userId: _user, updatedAt: _at, ...form } = row;
  return form;
}

export async function buyerOf(
  db: Db | Tx,
  userId: string,
): Promise<{ buyer: BuyerSnapshot; locale: Locale }> {
  const [row] = await db
    .select({ name: users.name, email: users.email, locale: users.locale, billing: billingDetails })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not-found', `No member ${userId}`);
  const { name, ...details } = billingFormOf(row.billing);
  return {
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    buyer: { name: name.trim() ? name : row.name, email: row.email, ...details },
  };
}

// ——— Amounts ———
