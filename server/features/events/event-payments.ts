import { sql } from 'drizzle-orm';
import { lastDayOfUse, todayIn } from '#contract/dates';
import { AppError } from '#contract/errors';
import type { TRegistrationPayment } from '#contract/events';
import {
  DEFAULT_GRACE_DAYS,
  type CreditUnit,
  type OrderStatus,
  type PaymentChoice,
  type PaymentMethod,
} from '#contract/formulas.plain';
import { withVatBreakdown } from '#contract/money';
import { DEFAULT_FREE_CANCELLATION_HOURS } from '#contract/reservations';
import type { Db } from '../../db/client';
import { rowsOf, settingOf } from '../../db/rows';
import { uuidList } from '../../db/sql-lists';
import type { Tx } from '../../db/transaction';
import { debitForRegistration, refundRegistration, type RefundOutcome } from '../../billing/credit-ledger';
import { creditSale, issueInvoice, requireBillingDetailsFor } from '../../billing/invoicing';
import { registerOrderSettler } from '../../billing/orders';
import { logActivity, type WorkContext } from '../../platform/service-context';
import { coveredKindOf, type EventRow } from './event-view';
import { lockEvent, registrationEntry } from './registration-records';
import { CHECKED_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * What a paid place costs its member and how it is given back (docs/decisions/025-events-and-waitlist.md):
 * at price, an order for the registration's round with its line and, when the space invoices its orders,
 * its invoice, all in the registration's unit of work; with credit, a debit of the lot that expires first
 * (the ledger's trigger checks the lot may pay this event). A refund gives the credit back to the same lot,
 * or cancels the order and credits its invoice.
 */

export interface RegistrationRef {
  id: string;
  userId: string;
  round: number;
}

export interface PaymentChoiceInput {
  payWith: PaymentChoice;
  paymentMethod: PaymentMethod;
}

/** What the registration's activity entry keeps of its payment. */
export type ChargeDetails =
  | { paidWith: 'price'; orderId: string; totalCents: number; paymentMethod: PaymentMethod }
  | { paidWith: 'credits'; creditAmount: number; creditUnit: CreditUnit };

export function isPaid(event: Pick<EventRow, 'price_excl_vat_cents'>): boolean {
  return Number(event.price_excl_vat_cents) > 0;
}

/** Charges a place being taken (registering, accepting an offer); nothing for a free event. */
export async function chargeRegistration(
  work: WorkContext,
  event: EventRow,
  registration: RegistrationRef,
  choice: PaymentChoiceInput,
): Promise<ChargeDetails | null> {
  if (!isPaid(event)) return null;
  if (choice.payWith === 'credits') {
    if (event.credit_minutes === null) {
      throw new AppError('failed-precondition', 'This event is not paid with credit', {
        reason: 'no-usable-credit',
      });
    }
    const debit = await debitForRegistration(work.db, {
      userId: registration.userId,
      spaceId: event.space_id,
      roomKind: coveredKindOf(event),
      startsAt: new Date(event.starts_at),
      endsAt: new Date(event.ends_at),
      minutes: Number(event.credit_minutes),
      registrationId: registration.id,
      round: registration.round,
      actorId: work.actor?.id ?? null,
      now: work.now,
    });
    return { paidWith: 'credits', creditAmount: debit.amount, creditUnit: debit.unit };
  }
  const price = withVatBreakdown(Number(event.price_excl_vat_cents), Number(event.vat_rate_basis_points));
  await requireBillingDetailsFor(work.db, {
    spaceId: event.space_id,
    buyerUserId: registration.userId,
    sales: 'orders',
    exclVatCents: price.exclVatCents,
  });
  const graceDays = await settingOf(
    work.db,
    sql`SELECT grace_days AS value FROM space_sales_settings WHERE space_id = ${event.space_id}`,
    DEFAULT_GRACE_DAYS,
  );
  const dueAt = new Date(work.now.getTime() + graceDays * 86_400_000);
  const [order] = await rowsOf<{ id: string }>(
    work.db,
    sql`INSERT INTO orders (space_id, user_id, registration_id, period_index, payment_method, status,
          excl_vat_cents, vat_cents, total_cents, due_at, created_at)
        VALUES (${event.space_id}, ${registration.userId}, ${registration.id}, ${registration.round},
          ${choice.paymentMethod}, 'awaiting_payment', ${price.exclVatCents}, ${price.vatCents}, ${price.inclVatCents},
          ${dueAt.toISOString()}::timestamptz, ${work.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const orderId = order!.id;
  await work.db.execute(sql`
    INSERT INTO order_lines (order_id, event_id, label, quantity, unit_excl_vat_cents, vat_rate_basis_points,
      excl_vat_cents, vat_cents, total_cents)
    VALUES (${orderId}, ${event.id}, ${event.title_fr}, 1, ${price.exclVatCents}, ${Number(event.vat_rate_basis_points)},
      ${price.exclVatCents}, ${price.vatCents}, ${price.inclVatCents})`);
  await issueInvoice(
    work,
    {
      spaceId: event.space_id,
      buyerUserId: registration.userId,
      orderId,
      lines: [
        {
          label: event.title_fr,
          labels: { en: event.title_en },
          quantity: 1,
          unitExclVatCents: price.exclVatCents,
          vatRateBasisPoints: Number(event.vat_rate_basis_points),
        },
      ],
      serviceStart: todayIn(event.time_zone, new Date(event.starts_at)),
      serviceEnd: lastDayOfUse(event.ends_at, event.time_zone),
    },
    'automatic',
  );
  return { paidWith: 'price', orderId, totalCents: price.inclVatCents, paymentMethod: choice.paymentMethod };
}

/** What a refund did, for the activity entry: credit given back (or its lot expired), an order cancelled. */
export interface RefundDetails {
  paidWith: PaymentChoice;
  creditRefund?: RefundOutcome['status'];
  creditAmount?: number;
  creditUnit?: CreditUnit;
  orderId?: string;
  totalCents?: number;
  creditNoteNumber?: string;
}

/**
 * Gives back what a registration's current round was charged, in the cancellation's unit of work: the
 * credit to its lot, or the order cancelled with a credit note for its invoice. Null when nothing was
 * charged (a free event, a waitlisted person) or it was already given back.
 */
export async function refundRegistrationCharge(
  work: WorkContext,
  registration: RegistrationRef,
  reason: string,
): Promise<RefundDetails | null> {
  const credit = await refundRegistration(work.db, {
    registrationId: registration.id,
    round: registration.round,
    actorId: work.actor?.id ?? null,
    now: work.now,
  });
  if (credit.status !== 'none') {
    return {
      paidWith: 'credits',
      creditRefund: credit.status,
      creditAmount: credit.amount,
      creditUnit: credit.unit,
    };
  }
  const [order] = await rowsOf<{ id: string; total_cents: number }>(
    work.db,
    sql`UPDATE orders SET status = 'cancelled'
        WHERE registration_id = ${registration.id} AND period_index = ${registration.round} AND status <> 'cancelled'
        RETURNING id, total_cents`,
  );
  if (!order) return null;
  const note = await creditSale(work, { orderId: order.id }, reason);
  return {
    paidWith: 'price',
    orderId: order.id,
    totalCents: Number(order.total_cents),
    ...(note ? { creditNoteNumber: note.number } : {}),
  };
}

/**
 * Every charge of an event's registrations still standing, round by round: orders not cancelled (paid or
 * not) and credit debits without their refund; but not the place an attendee held (checked in, or a
 * no-show of a past event). The event's cancellation gives them all back.
 */
export async function standingCharges(db: Tx, eventId: string): Promise<RegistrationRef[]> {
  const rows = await rowsOf<{ id: string; user_id: string; round: number }>(
    db,
    sql`SELECT r.id, r.user_id, c.round FROM event_registrations r
        JOIN LATERAL (
          SELECT o.period_index AS round FROM orders o WHERE o.registration_id = r.id AND o.status <> 'cancelled'
          UNION
          SELECT d.registration_round FROM credit_entries d
          WHERE d.registration_id = r.id AND d.kind = 'debit'
            AND NOT EXISTS (SELECT 1 FROM credit_entries f WHERE f.registration_id = r.id
                              AND f.registration_round = d.registration_round AND f.kind = 'refund')
        ) c ON TRUE
        WHERE r.event_id = ${eventId} AND NOT (${statusIn(sql`r.status`, CHECKED_STATUSES)} AND c.round = r.round)
        ORDER BY r.id, c.round`,
  );
  return rows.map((row) => ({ id: row.id, userId: row.user_id, round: Number(row.round) }));
}

/** Until when the space's policy refunds a paid place its member cancels (free cancellation hours before the start). */
export async function refundLimitOf(db: Db | Tx, event: Pick<EventRow, 'space_id' | 'starts_at'>) {
  const hours = await settingOf(
    db,
    sql`SELECT free_cancellation_hours AS value FROM space_booking_policies WHERE space_id = ${event.space_id}`,
    DEFAULT_FREE_CANCELLATION_HOURS,
  );
  return new Date(new Date(event.starts_at).getTime() - hours * 3_600_000);
}

interface PaymentRow extends Record<string, unknown> {
  registration_id: string;
  order_status: OrderStatus | null;
  total_cents: number | null;
  payment_method: PaymentMethod | null;
  credit_amount: number | null;
  credit_unit: CreditUnit | null;
  credit_refunded: boolean | null;
}

/** How registrations' current rounds were paid, by registration id (absent: free or not charged). */
export async function paymentsOf(
  db: Db | Tx,
  registrationIds: string[],
): Promise<Map<string, TRegistrationPayment>> {
  const payments = new Map<string, TRegistrationPayment>();
  if (registrationIds.length === 0) return payments;
  const ids = uuidList(registrationIds);
  const rows = await rowsOf<PaymentRow>(
    db,
    sql`SELECT r.id AS registration_id, o.status AS order_status, o.total_cents, o.payment_method,
               -d.amount AS credit_amount, l.unit AS credit_unit,
               EXISTS (SELECT 1 FROM credit_entries f WHERE f.registration_id = r.id AND f.registration_round = r.round
                         AND f.kind = 'refund') AS credit_refunded
        FROM event_registrations r
        LEFT JOIN orders o ON o.registration_id = r.id AND o.period_index = r.round
        LEFT JOIN credit_entries d ON d.registration_id = r.id AND d.registration_round = r.round AND d.kind = 'debit'
        LEFT JOIN credit_lots l ON l.id = d.lot_id
        WHERE r.id IN (${ids}) AND (o.id IS NOT NULL OR d.id IS NOT NULL)`,
  );
  for (const row of rows) {
    const byCredit = row.credit_amount !== null;
    payments.set(row.registration_id, {
      with: byCredit ? 'credits' : 'price',
      totalCents: byCredit ? null : Number(row.total_cents),
      paymentMethod: byCredit ? null : row.payment_method,
      orderStatus: byCredit ? null : row.order_status,
      creditAmount: byCredit ? Number(row.credit_amount) : null,
      creditUnit: byCredit ? row.credit_unit : null,
      refunded: byCredit ? Boolean(row.credit_refunded) : row.order_status === 'cancelled',
    });
  }
  return payments;
}

/**
 * How billing pays a registration's order (server/billing/orders.ts): the event is locked first, as every
 * change to its places and payments does, so a payment recorded on the order's invoice queues behind a
 * cancellation's refund or the door list's "mark paid" instead of deadlocking with them; once paid, the
 * registration's entry (`registration.paid`, about its person). Any round's order (a member who left after
 * the refund limit still owes theirs).
 */
registerOrderSettler('registration', {
  async lockFirst(work, order) {
    await lockEventOfRegistration(work, order.registrationId!);
  },
  async onPaid(work, order, through) {
    const event = await lockEventOfRegistration(work, order.registrationId!);
    await logActivity(
      work,
      registrationEntry(event, { id: order.registrationId!, userId: order.userId }, 'registration.paid', {
        changes: { orderStatus: { before: 'awaiting_payment', after: 'paid' } },
        details: {
          orderId: order.id,
          totalCents: order.totalCents,
          paymentMethod: order.paymentMethod,
          ...(through.via === 'invoice'
            ? { paidThrough: 'invoice', invoiceNumber: through.invoiceNumber }
            : {}),
        },
      }),
    );
  },
});

async function lockEventOfRegistration(work: WorkContext, registrationId: string): Promise<EventRow> {
  const [found] = await rowsOf<{ event_id: string }>(
    work.db,
    sql`SELECT event_id FROM event_registrations WHERE id = ${registrationId}`,
  );
  return lockEvent(work, found!.event_id);
}
