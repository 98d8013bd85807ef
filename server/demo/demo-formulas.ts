import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { addDays, todayIn } from '#contract/dates';
import type { TFormulaFormInput } from '#contract/formulas';
import { withVatBreakdown } from '#contract/money';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { formulas, orders, plans, spaceSalesSettings } from '../db/schema/formulas';
import { reservations } from '../db/schema/reservations';
import { rooms } from '../db/schema/rooms';
import { spaces } from '../db/schema/spaces';
import { membershipPeriod, packValidity } from '../features/formulas/periods';
import { grantLot, insertFormulaOrderLine } from '../features/formulas/plans.service';

/**
 * Demo formulas: every demo space sells a day pass, a 10-hour pack and a monthly membership with hours
 * included. The demo member holds a membership and a pack at Acme, with a few ledger lines (their grants, a
 * booking paid by credit, a manager's adjustment), written as the services write them so the database's
 * ledger rules check them too.
 */

const MEMBER_EMAIL = 'membre@escale.test';
const MANAGER_EMAIL = 'gerant@escale.test';
const ACME = 'acme-coworking-paris';

type DemoFormula = Required<Pick<TFormulaFormInput, 'kind' | 'nameFr' | 'nameEn'>> & TFormulaFormInput;

export const DEMO_FORMULAS: DemoFormula[] = [
  {
    kind: 'day_pass',
    nameFr: 'Pass journée',
    nameEn: 'Day pass',
    descriptionFr: 'Un poste en open space pour une journée, café et wifi compris.',
    descriptionEn: 'A desk in the open space for one day, coffee and wifi included.',
    priceExclVatCents: 2500,
    vatRateBasisPoints: 2000,
    roomKinds: ['desk'],
    creditUnit: 'entries',
    creditAmount: 1,
  },
  {
    kind: 'pack',
    nameFr: 'Carnet 10 heures',
    nameEn: '10-hour pack',
    descriptionFr: 'Dix heures de salles de réunion et de bureaux fermés, à utiliser en trois mois.',
    descriptionEn: 'Ten hours of meeting rooms and private offices, to use within three months.',
    priceExclVatCents: 25000,
    vatRateBasisPoints: 2000,
    roomKinds: ['meeting_room', 'private_office'],
    creditUnit: 'minutes',
    creditAmount: 600,
    validityDays: 90,
  },
  {
    kind: 'membership',
    nameFr: 'Abonnement résident',
    nameEn: 'Resident membership',
    descriptionFr:
      'Un poste chaque jour ouvré et cinq heures de salles de réunion par mois ; les heures non utilisées sont gardées un mois.',
    descriptionEn:
      'A desk every working day and five hours of meeting rooms a month; unused hours are kept one more month.',
    priceExclVatCents: 19000,
    vatRateBasisPoints: 2000,
    roomKinds: ['meeting_room', 'desk'],
    creditUnit: 'minutes',
    creditAmount: 300,
    period: 'month',
    rollover: 'one_period',
  },
];

async function insertPaidPlan(
  db: Db,
  input: {
    formula: typeof formulas.$inferSelect;
    userId: string;
    managerId: string | null;
    anchor: string | null;
    startsAt: Date;
    endsAt: Date;
    boughtAt: Date;
  },
) {
  const { formula } = input;
  const [plan] = await db
    .insert(plans)
    .values({
      spaceId: formula.spaceId,
      userId: input.userId,
      formulaId: formula.id,
      status: 'active',
      anchorDate: input.anchor,
      periodStartsAt: input.startsAt,
      periodEndsAt: input.endsAt,
      createdAt: input.boughtAt,
      updatedAt: input.boughtAt,
    })
    .returning();
  const price = withVatBreakdown(formula.priceExclVatCents, formula.vatRateBasisPoints);
  const [order] = await db
    .insert(orders)
    .values({
      spaceId: formula.spaceId,
      userId: input.userId,
      planId: plan!.id,
      periodIndex: 0,
      paymentMethod: 'on_site',
      status: 'paid',
      exclVatCents: price.exclVatCents,
      vatCents: price.vatCents,
      totalCents: price.inclVatCents,
      dueAt: new Date(input.boughtAt.getTime() + 7 * 86_400_000),
      paidAt: input.boughtAt,
      paidById: input.managerId,
      createdAt: input.boughtAt,
    })
    .returning();
  await insertFormulaOrderLine(db, order!.id, formula);
  const lotId = await grantLot(db, {
    planId: plan!.id,
    spaceId: formula.spaceId,
    userId: input.userId,
    periodIndex: 0,
    source: 'period',
    unit: formula.creditUnit,
    roomKinds: formula.roomKinds,
    validFrom: input.startsAt,
    validUntil: input.endsAt,
    amount: formula.creditAmount,
    orderId: order!.id,
    actorId: input.managerId,
    now: input.boughtAt,
  });
  return { planId: plan!.id, lotId: lotId! };
}

export async function seedDemoFormulas(db: Db, now: Date = new Date()): Promise<number> {
  const spaceRows = await db
    .select({ id: spaces.id, slug: spaces.slug, timeZone: spaces.timeZone })
    .from(spaces)
    .orderBy(asc(spaces.slug));
  if (!spaceRows.length) return 0;
  const rows = await db
    .insert(formulas)
    .values(
      spaceRows.flatMap((space) =>
        DEMO_FORMULAS.map((formula, position) => ({
          spaceId: space.id,
          position,
          kind: formula.kind,
          nameFr: formula.nameFr,
          nameEn: formula.nameEn,
          descriptionFr: formula.descriptionFr ?? '',
          descriptionEn: formula.descriptionEn ?? '',
          priceExclVatCents: formula.priceExclVatCents,
          vatRateBasisPoints: formula.vatRateBasisPoints,
          roomKinds: formula.roomKinds,
          creditUnit: formula.creditUnit,
          creditAmount: formula.creditAmount,
          validityDays: formula.validityDays ?? null,
          period: formula.period ?? null,
          rollover: formula.rollover ?? 'none',
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
    .returning();

  const acme = spaceRows.find((space) => space.slug === ACME);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [MEMBER_EMAIL, MANAGER_EMAIL]));
  const member = people.find((person) => person.email === MEMBER_EMAIL);
  const manager = people.find((person) => person.email === MANAGER_EMAIL);
  if (!acme || !member) return rows.length;
  // Acme starts a plan once its manager records the payment (on site or by transfer), after 7 days' grace;
  // its members may pause a membership up to 30 days, a day ahead.
  await db
    .insert(spaceSalesSettings)
    .values({
      spaceId: acme.id,
      activation: 'payment',
      graceDays: 7,
      pauseAllowed: true,
      pauseMaxDays: 30,
      pauseNoticeDays: 1,
      updatedAt: now,
    })
    .onConflictDoNothing();

  const acmeFormula = (kind: string) => rows.find((row) => row.spaceId === acme.id && row.kind === kind)!;
  // The membership began 20 days ago (its period ends in about ten days); the pack was bought 5 days ago.
  const anchor = addDays(todayIn(acme.timeZone, now), -20);
  const period = membershipPeriod(anchor, 'month', 0, acme.timeZone);
  const membership = await insertPaidPlan(db, {
    formula: acmeFormula('membership'),
    userId: member.id,
    managerId: manager?.id ?? null,
    anchor,
    ...period,
    boughtAt: period.startsAt,
  });
  const packBought = new Date(now.getTime() - 5 * 86_400_000);
  const pack = await insertPaidPlan(db, {
    formula: acmeFormula('pack'),
    userId: member.id,
    managerId: manager?.id ?? null,
    anchor: null,
    ...packValidity(packBought, 90, acme.timeZone),
    boughtAt: packBought,
  });

  // A meeting the member held in the membership's period, paid with its hours.
  const [meeting] = await db
    .select({ id: reservations.id, startsAt: reservations.startsAt, endsAt: reservations.endsAt })
    .from(reservations)
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .where(
      and(
        eq(reservations.userId, member.id),
        eq(reservations.spaceId, acme.id),
        eq(reservations.status, 'completed'),
        eq(rooms.kind, 'meeting_room'),
        sql`${reservations.startsAt} >= ${period.startsAt.toISOString()}::timestamptz`,
        lt(reservations.endsAt, now),
        sql`extract(epoch FROM ${reservations.endsAt} - ${reservations.startsAt}) <= 300 * 60`,
      ),
    )
    .orderBy(asc(reservations.startsAt))
    .limit(1);
  if (meeting) {
    const minutes = Math.round((meeting.endsAt.getTime() - meeting.startsAt.getTime()) / 60_000);
    await db.execute(sql`
      INSERT INTO credit_entries (lot_id, user_id, kind, amount, reservation_id, actor_id, occurred_at)
      VALUES (${membership.lotId}, ${member.id}, 'debit', ${-minutes}, ${meeting.id}, ${member.id},
              ${new Date(meeting.startsAt.getTime() - 86_400_000).toISOString()}::timestamptz)`);
  }
  if (manager) {
    await db.execute(sql`
      INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, actor_id, occurred_at)
      VALUES (${pack.lotId}, ${member.id}, 'adjustment', 30, 'Geste commercial : vidéoprojecteur en panne mardi',
              ${manager.id}, ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz)`);
  }
  return rows.length;
}
