import { withVatBreakdown } from '#contract/money';
import type { TFormula, TOrder } from '#contract/formulas';
import type { RoomKind } from '#contract/rooms';
import {
  DEFAULT_GRACE_DAYS,
  DEFAULT_PAUSE_MAX_DAYS,
  DEFAULT_PAUSE_NOTICE_DAYS,
  type ActivationMoment,
} from '#contract/formulas.plain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type formulas, type orderLines, type orders, spaceSalesSettings } from '../../db/schema/formulas';
import type { Tx } from '../../db/transaction';

/** Rows as the contract shows them. */

export type FormulaRow = typeof formulas.$inferSelect;

export function toFormula(row: FormulaRow): TFormula {
  const price = withVatBreakdown(row.priceExclVatCents, row.vatRateBasisPoints);
  return {
    id: row.id,
    spaceId: row.spaceId,
    kind: row.kind,
    nameFr: row.nameFr,
    nameEn: row.nameEn,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    priceExclVatCents: price.exclVatCents,
    vatCents: price.vatCents,
    priceInclVatCents: price.inclVatCents,
    vatRateBasisPoints: row.vatRateBasisPoints,
    currency: 'EUR',
    roomKinds: row.roomKinds as RoomKind[],
    creditUnit: row.creditUnit,
    creditAmount: row.creditAmount,
    validityDays: row.validityDays,
    period: row.period,
    rollover: row.rollover,
    perMemberLimit: row.perMemberLimit,
    status: row.status,
  };
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function toOrder(row: OrderRow, lines: OrderLineRow[]): TOrder {
  return {
    id: row.id,
    // Only plans' orders are read here (an event registration's order is shown with the event).
    planId: row.planId ?? '',
    periodIndex: row.periodIndex,
    status: row.status,
    paymentMethod: row.paymentMethod,
    exclVatCents: row.exclVatCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    lines: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({
        label: line.label,
        quantity: line.quantity,
        exclVatCents: line.exclVatCents,
        vatCents: line.vatCents,
        totalCents: line.totalCents,
        vatRateBasisPoints: line.vatRateBasisPoints,
      })),
  };
}

export interface SalesSettings {
  spaceId: string;
  activation: ActivationMoment;
  graceDays: number;
  pauseAllowed: boolean;
  pauseMaxDays: number;
  pauseNoticeDays: number;
}

/**
 * A space's sales settings; a space without a row sells with the defaults (plan active once paid, 7 days,
 * no pauses).
 */
export async function salesSettingsOf(db: Db | Tx, spaceId: string): Promise<SalesSettings> {
  const [row] = await db.select().from(spaceSalesSettings).where(eq(spaceSalesSettings.spaceId, spaceId));
  return {
    spaceId,
    activation: row?.activation ?? 'payment',
    graceDays: row?.graceDays ?? DEFAULT_GRACE_DAYS,
    pauseAllowed: row?.pauseAllowed ?? false,
    pauseMaxDays: row?.pauseMaxDays ?? DEFAULT_PAUSE_MAX_DAYS,
    pauseNoticeDays: row?.pauseNoticeDays ?? DEFAULT_PAUSE_NOTICE_DAYS,
  };
}
