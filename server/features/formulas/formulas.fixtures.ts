import { randomUUID } from 'node:crypto';
import type { TFormulaFormInput } from '#contract/formulas';
import type { Db } from '../../db/client';
import { formulas, spaceSalesSettings } from '../../db/schema/formulas';
import type { CallableRouter } from '../../platform/callables';
import { routerAtClock } from '../reservations/reservations.fixtures';
import { reservationsCallables } from '../reservations/reservations.callables';
import { formulasCallables } from './formulas.callables';

/** Test data for formulas: a formula row, the sales settings, and a router holding formulas and reservations. */

export const TEN_HOUR_PACK: TFormulaFormInput = {
  kind: 'pack',
  nameFr: 'Carnet 10 heures',
  nameEn: '10-hour pack',
  descriptionFr: 'Dix heures de salles de réunion.',
  descriptionEn: 'Ten hours of meeting rooms.',
  priceExclVatCents: 30000,
  vatRateBasisPoints: 2000,
  roomKinds: ['meeting_room'],
  creditUnit: 'minutes',
  creditAmount: 600,
  validityDays: 90,
};

export const MONTHLY_MEMBERSHIP: TFormulaFormInput = {
  kind: 'membership',
  nameFr: 'Abonnement mensuel',
  nameEn: 'Monthly membership',
  priceExclVatCents: 15000,
  vatRateBasisPoints: 2000,
  roomKinds: ['meeting_room', 'desk'],
  creditUnit: 'minutes',
  creditAmount: 300,
  period: 'month',
  rollover: 'one_period',
};

export async function insertFormula(
  db: Db,
  spaceId: string,
  formula: Partial<typeof formulas.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(formulas)
    .values({
      spaceId,
      kind: 'pack',
      nameFr: `Carnet ${randomUUID().slice(0, 4)}`,
      priceExclVatCents: 30000,
      vatRateBasisPoints: 2000,
      roomKinds: ['meeting_room'],
      creditUnit: 'minutes',
      creditAmount: 600,
      validityDays: 90,
      ...formula,
    })
    .returning({ id: formulas.id });
  return row!.id;
}

export async function setActivation(
  db: Db,
  spaceId: string,
  activation: 'purchase' | 'payment',
  graceDays = 7,
) {
  await db.insert(spaceSalesSettings).values({ spaceId, activation, graceDays });
}

/** A router holding the formulas and reservations APIs, every call made at `now()` (the test's clock). */
export function formulasRouter(now: () => Date): CallableRouter {
  return routerAtClock([...formulasCallables, ...reservationsCallables], now);
}
