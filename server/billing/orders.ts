import { and, eq } from 'drizzle-orm';
import { orders } from '../db/schema/formulas';
import type { WorkContext } from '../platform/service-context';
import { spaceSummaryOf } from '../db/space-summary';
import { settleSale } from './payments';

/**
 * Orders and their payment. An order pays for one feature's thing (a formula's plan, a place at a paid
 * event); billing pays it and its invoice, and the feature says what a payment changes on its side through
 * the settler it registers here. So billing calls features only through this registry, and no feature
 * calls back into billing to finish a payment billing started.
 */

export type OrderRow = typeof orders.$inferSelect;

/** What an order pays for (`orders_for_one_thing`: exactly one of its plan and its registration). */
export type OrderKind = 'plan' | 'registration';

/** How an order came to be paid: marked paid by a manager, or by a payment that paid its invoice in full. */
export type PaidThrough = { via: 'order' } | { via: 'invoice'; invoiceNumber: string };

export interface OrderSettler {
  /**
   * Locks what the feature's own changes to its orders lock before the order's row (a registration's event,
   * a plan): every path that pays an order then takes the same locks in the same order, and queues.
   */
  lockFirst(work: WorkContext, order: OrderRow): Promise<void>;
  /** What the payment changes on the feature's side, with its activity entry, in the paying unit of work. */
  onPaid(work: WorkContext, order: OrderRow, through: PaidThrough): Promise<void>;
}

const settlers = new Map<OrderKind, OrderSettler>();

/** Called by each feature that sells through orders, when its module loads (the server loads them all at start). */
export function registerOrderSettler(kind: OrderKind, settler: OrderSettler): void {
  settlers.set(kind, settler);
}

export function orderKindOf(order: Pick<OrderRow, 'planId' | 'registrationId'>): OrderKind {
  return order.planId ? 'plan' : 'registration';
}

function settlerOf(order: OrderRow): OrderSettler {
  const settler = settlers.get(orderKindOf(order));
  if (!settler) throw new Error(`No settler registered for ${orderKindOf(order)} orders`);
  return settler;
}

/** Locks an order before paying it: what its feature locks first, then its row. Null when there is none. */
export async function lockOrder(work: WorkContext, orderId: string): Promise<OrderRow | null> {
  const [order] = await work.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  await settlerOf(order).lockFirst(work, order);
  const [locked] = await work.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return locked ?? null;
}

/**
 * Pays an order awaiting payment, in the caller's unit of work (which locked it with `lockOrder`, or what
 * its feature locks first). Marked paid from the order, its invoice, if it has one, gets what remains due as
 * a payment in the chained journal; paid through its invoice, the invoice already is. Then its feature
 * settles its side. Null when the order was not awaiting payment.
 */
export async function payOrder(
  work: WorkContext,
  orderId: string,
  through: PaidThrough,
): Promise<OrderRow | null> {
  const [paid] = await work.db
    .update(orders)
    .set({ status: 'paid', paidAt: work.now, paidById: work.actor?.id ?? null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
    .returning();
  if (!paid) return null;
  if (through.via === 'order') {
    const space = await spaceSummaryOf(work.db, paid.spaceId);
    await settleSale(work, { orderId: paid.id }, paid.paymentMethod, space.timeZone);
  }
  await settlerOf(paid).onPaid(work, paid, through);
  return paid;
}
