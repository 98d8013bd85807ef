import type { TBillingDetailsForm, TLegalIdentityForm } from '#contract/invoices';
import { COMPLETE_IDENTITY } from '../../../tests/support/legal-identity';
import type { Db } from '../../db/client';
import { billingDetails, spaceLegalIdentities } from '../../db/schema/invoices';
import type { CallableRouter } from '../../platform/callables';
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
