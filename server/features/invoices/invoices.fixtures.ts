import type { TBillingDetailsForm, TLegalIdentityForm } from '#contract/invoices';
import { COMPLETE_IDENTITY } from '../../../tests/support/legal-identity';
import type { Db } from '../../db/client';
import { billingDetails, spaceLegalIdentities } from '../../db/schema/invoices';
import type { CallableRouter } from '../../platform/callables';
import { ALWAYS_OPEN, addRole, insertSpace } from '../../db/factories.fixtures';
import type { SaleToInvoice } from '../../billing/invoicing';
import { routerAtClock } from '../reservations/reservations.fixtures';
import { formulasCallables } from '../formulas/formulas.callables';
import { reservationsCallables } from '../reservations/reservations.callables';
import { invoicesCallables } from './invoices.callables';

/** Test data for invoicing: a complete legal identity, and a router holding invoices, formulas and reservations. */

export { COMPLETE_IDENTITY };

export async function setLegalIdentity(db: Db, spaceId: string, identity: Partial<TLegalIdentityForm> = {}) {
  const { mandateAccepted, ...fields } = { ...COMPLETE_IDENTITY, ...identity };
  await db.insert(spaceLegalIdentities).values({
    spaceId,
    ...fields,
    mandateAcceptedAt: mandateAccepted ? new Date('2026-01-01T00:00:00Z') : null,
  });
}

/** A consumer's billing address: enough for any invoice to a private person (issue 28). */
export const CONSUMER_ADDRESS: Partial<TBillingDetailsForm> = {
  addressLine: '3 rue des Machines',
  postcode: '69001',
  city: 'Lyon',
};

/** Gives a member billing details (a consumer's address unless told otherwise). */
export async function giveBillingDetails(
  db: Db,
  userId: string,
  details: Partial<TBillingDetailsForm> = CONSUMER_ADDRESS,
) {
  await db.insert(billingDetails).values({ userId, ...details });
}

/** A router holding the invoicing, formulas and reservations APIs, every call made at `now()`. */
export function invoicesRouter(now: () => Date): CallableRouter {
  return routerAtClock([...invoicesCallables, ...formulasCallables, ...reservationsCallables], now);
}

/** A space, always open, with a complete legal identity and `managerId` as its manager. */
export async function invoicingSpace(db: Db, managerId: string): Promise<string> {
  const spaceId = await insertSpace(db, { hours: ALWAYS_OPEN });
  await setLegalIdentity(db, spaceId);
  await addRole(db, spaceId, managerId, 'manager');
  return spaceId;
}

/** A day sold to `buyerUserId` on 10 March 2027, at `cents` excluding VAT (20 %). */
export function daySale(spaceId: string, buyerUserId: string, cents = 1000): SaleToInvoice {
  return {
    spaceId,
    buyerUserId,
    lines: [{ label: 'Journée', quantity: 1, unitExclVatCents: cents, vatRateBasisPoints: 2000 }],
    serviceStart: '2027-03-10',
    serviceEnd: '2027-03-10',
  };
}
