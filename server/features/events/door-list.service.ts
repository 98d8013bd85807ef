import { sql } from 'drizzle-orm';
import { AppError, refused } from '#contract/errors';
import type { TAttendee, TRegistrationPayment } from '#contract/events';
import { type RegistrationStatus } from '#contract/events.plain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Tx } from '../../db/transaction';
import { payOrder } from '../../billing/orders';
import { requireRight } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { paymentsOf } from './event-payments';
import { selectEvents } from './event-view';
import { lockEvent, notFound, registrationEntry } from './registration-records';

/** The door list (managers): the attendees, check-in with one tap, and a place marked paid on site. */

interface AttendeeRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  status: RegistrationStatus;
  position: number | null;
  checked_in_at: string | null;
}

function toAttendee(row: AttendeeRow, payment: TRegistrationPayment | null): TAttendee {
  return {
    registrationId: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
    payment,
  };
}

async function attendeesWithPayments(db: Db | Tx, rows: AttendeeRow[]): Promise<TAttendee[]> {
  const payments = await paymentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAttendee(row, payments.get(row.id) ?? null));
}

const ATTENDEE_COLUMNS = sql`r.id, users.name, users.email, r.status, r.waitlist_position AS position,
  to_json(r.checked_in_at) #>> '{}' AS checked_in_at`;

export async function listAttendees(ctx: ServiceContext, input: { id: string; query: string }) {
  const [event] = await selectEvents(ctx.db, sql`events.id = ${input.id}`, { counts: 'all' });
  if (!event) throw notFound(input.id);
  await requireRight(ctx, 'manage', event.space_id);
  const pattern = `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<AttendeeRow>(
    ctx.db,
    sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id
        WHERE r.event_id = ${input.id} AND r.status <> 'cancelled'
          ${input.query ? sql`AND (users.name ILIKE ${pattern} OR users.email ILIKE ${pattern})` : sql``}
        ORDER BY CASE r.status WHEN 'waitlisted' THEN 2 WHEN 'offered' THEN 1 ELSE 0 END,
          r.waitlist_position NULLS FIRST, lower(users.name), r.id
        LIMIT 2000`,
  );
  return {
    attendees: await attendeesWithPayments(ctx.db, rows),
    attendedCount: Number(event.attended),
    expected: Number(event.taken) - Number(event.attended),
  };
}

/** A registration's event, for a manager of its space (`not-found`, or `permission-denied` to anyone else). */
async function managedRegistration(ctx: ServiceContext, registrationId: string) {
  const [found] = await rowsOf<{ event_id: string; space_id: string }>(
    ctx.db,
    sql`SELECT r.event_id, events.space_id FROM event_registrations r JOIN events ON events.id = r.event_id WHERE r.id = ${registrationId}`,
  );
  if (!found) throw new AppError('not-found', 'No such registration');
  await requireRight(ctx, 'manage', found.space_id);
  return found;
}

/** One tap at the door: a registered (or no-show) person is checked in; tapping again undoes it. */
export async function checkIn(ctx: ServiceContext, input: { registrationId: string; present: boolean }) {
  const found = await managedRegistration(ctx, input.registrationId);
  return unitOfWork(ctx, async (work) => {
    const event = await lockEvent(work, found.event_id);
    if (event.status !== 'published') throw refused('not-open', 'This event is not running');
    const [before] = await rowsOf<{ status: RegistrationStatus; user_id: string }>(
      work.db,
      sql`SELECT status, user_id FROM event_registrations WHERE id = ${input.registrationId}`,
    );
    const from: RegistrationStatus[] = input.present ? ['registered', 'no_show'] : ['attended'];
    const ended = new Date(event.ends_at) <= work.now;
    const target: RegistrationStatus = input.present ? 'attended' : ended ? 'no_show' : 'registered';
    if (before && from.includes(before.status)) {
      await work.db.execute(sql`
        UPDATE event_registrations SET status = ${target},
          checked_in_at = ${input.present ? sql`${work.now.toISOString()}::timestamptz` : sql`NULL`},
          checked_in_by_id = ${input.present ? work.actor!.id : null}, updated_at = now()
        WHERE id = ${input.registrationId}`);
      await logActivity(
        work,
        registrationEntry(
          event,
          { id: input.registrationId, userId: before.user_id },
          input.present ? 'registration.checked_in' : 'registration.check_in_undone',
          {
            changes: { status: { before: before.status, after: target } },
          },
        ),
      );
    } else if (!before || !['attended', 'registered', 'no_show'].includes(before.status)) {
      throw refused('not-registered', 'Only people holding a place are checked in');
    }
    const [row] = await rowsOf<AttendeeRow>(
      work.db,
      sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id WHERE r.id = ${input.registrationId}`,
    );
    return (await attendeesWithPayments(work.db, [row!]))[0]!;
  });
}

/**
 * A manager records that a place bought at price was paid (on site or by transfer): the order of the
 * registration's current round is settled and its invoice, if it has one, gets the payment (chained in the
 * space's journal).
 */
export async function markRegistrationPaid(ctx: ServiceContext, input: { registrationId: string }) {
  const found = await managedRegistration(ctx, input.registrationId);
  return unitOfWork(ctx, async (work) => {
    // The event first, as every change to its places and payments (see the settler above).
    await lockEvent(work, found.event_id);
    const [order] = await rowsOf<{ id: string }>(
      work.db,
      sql`SELECT o.id FROM orders o JOIN event_registrations r ON r.id = o.registration_id AND o.period_index = r.round
          WHERE r.id = ${input.registrationId}`,
    );
    const paid = order ? await payOrder(work, order.id, { via: 'order' }) : null;
    if (!paid) throw refused('not-awaiting-payment', 'Nothing to pay for this registration');
    const [row] = await rowsOf<AttendeeRow>(
      work.db,
      sql`SELECT ${ATTENDEE_COLUMNS} FROM event_registrations r JOIN users ON users.id = r.user_id WHERE r.id = ${input.registrationId}`,
    );
    return (await attendeesWithPayments(work.db, [row!]))[0]!;
  });
}
