// @databases pglite
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../tests/support/test-database';
import { addRole, insertPerson, insertRoom, insertSpace, type TestPerson } from './db/factories.fixtures';
import { rowsOf } from './db/rows';
import { communityReports } from './db/schema/community';
import { communityCallables } from './features/community/community.callables';
import { eventsCallables } from './features/events/events.callables';
import { WORKSHOP } from './features/events/events.fixtures';
import { formulasCallables } from './features/formulas/formulas.callables';
import { insertFormula, setActivation } from './features/formulas/formulas.fixtures';
import { invoicesCallables } from './features/invoices/invoices.callables';
import { giveBillingDetails, setLegalIdentity } from './features/invoices/invoices.fixtures';
import { reservationsCallables } from './features/reservations/reservations.callables';
import { contextFor, localInstant, routerAtClock } from './features/reservations/reservations.fixtures';

/**
 * The back office's home (app/routes/myspaces-space.tsx) asks one query of each feature that owns what it
 * counts, as the space's manager, on Wednesday 7 April 2027 at 08:00 in Paris. Each count takes what needs
 * the manager in this space today, and leaves out what is done, another day's or another space's.
 */
const TODAY = '2027-04-07';
const NOW = new Date(localInstant(`${TODAY}T08:00`));
const database = testDatabaseForFile();
const router = routerAtClock(
  [
    ...reservationsCallables,
    ...eventsCallables,
    ...invoicesCallables,
    ...formulasCallables,
    ...communityCallables,
  ],
  () => NOW,
);

let spaceId: string;
let otherSpaceId: string;
let manager: TestPerson;
let member: TestPerson;

const as = (person: TestPerson) => contextFor(database.db, person.session, NOW);

/** The home's five counts, called as the route calls them. */
async function homeCounts(space: string): Promise<Record<string, number>> {
  const ctx = as(manager);
  const count = async (name: string, input: object) =>
    ((await router.invoke(name, { spaceId: space, ...input }, ctx)) as { count: number }).count;
  return {
    approvals: await count('reservations.countAwaitingDecision', {}),
    arrivals: await count('reservations.countArrivals', { date: TODAY }),
    events: await count('events.countOnDay', { date: TODAY }),
    unpaid: await count('invoices.countUnpaid', {}),
    reports: await count('community.countOpenReports', {}),
  };
}

async function book(roomId: string, day: string, from: string, to: string): Promise<{ id: string }> {
  return (await router.invoke(
    'reservations.create',
    {
      roomId,
      startsAt: localInstant(`${day}T${from}`),
      endsAt: localInstant(`${day}T${to}`),
      attendees: 1,
      idempotencyKey: randomUUID(),
    },
    as(member),
  )) as { id: string };
}

async function event(day: string, publish = true): Promise<string> {
  const { id } = (await router.invoke(
    'events.create',
    { spaceId, event: { ...WORKSHOP, startsAt: `${day}T18:00`, endsAt: `${day}T20:00` } },
    as(manager),
  )) as { id: string };
  if (publish) await router.invoke('events.publish', { id }, as(manager));
  return id;
}

async function buyPack(formulaId: string): Promise<string> {
  await router.invoke(
    'formulas.buy',
    { formulaId, paymentMethod: 'on_site', idempotencyKey: randomUUID() },
    as(member),
  );
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM invoices WHERE buyer_user_id = ${member.id} AND kind = 'invoice'
      ORDER BY sequence DESC LIMIT 1`,
  );
  return row!.id;
}

beforeAll(async () => {
  const db = database.db;
  spaceId = await insertSpace(db);
  otherSpaceId = await insertSpace(db);
  manager = await insertPerson(db);
  member = await insertPerson(db);
  const stranger = await insertPerson(db);
  await addRole(db, spaceId, manager.id, 'manager');
  await addRole(db, otherSpaceId, manager.id, 'manager');
  await addRole(db, spaceId, member.id, 'member');
  const room = await insertRoom(db, spaceId);
  const approvalRoom = await insertRoom(db, spaceId, { requiresApproval: true });
  const otherRoom = await insertRoom(db, otherSpaceId);

  // Arrivals: one booking today; one cancelled, one tomorrow, one in the other space do not count.
  await book(room, TODAY, '10:00', '11:00');
  const cancelled = await book(room, TODAY, '14:00', '15:00');
  await router.invoke('reservations.cancel', { id: cancelled.id, reason: 'Salle en travaux' }, as(manager));
  await book(room, '2027-04-08', '10:00', '11:00');
  await book(otherRoom, TODAY, '10:00', '11:00');
  // Awaiting a decision: two requests (today's is no arrival until approved).
  await book(approvalRoom, TODAY, '16:00', '17:00');
  await book(approvalRoom, '2027-04-09', '10:00', '11:00');

  // Events: one published today; tomorrow's, a draft and a cancelled one do not count.
  await event(TODAY);
  await event('2027-04-08');
  await event(TODAY, false);
  const called = await event(TODAY);
  await router.invoke('events.cancel', { id: called, reason: 'Intervenant malade' }, as(manager));

  // Invoices: two packs bought, one paid in full.
  await setLegalIdentity(db, spaceId);
  await setActivation(db, spaceId, 'purchase');
  // A pack above the amount that needs the buyer's address (issue 28): the member has given it.
  await giveBillingDetails(db, member.id);
  const formulaId = await insertFormula(db, spaceId);
  await buyPack(formulaId);
  const paid = await buyPack(formulaId);
  const [invoice] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT total_cents AS total FROM invoices WHERE id = ${paid}`,
  );
  await router.invoke(
    'invoices.recordPayment',
    { invoiceId: paid, amountCents: Number(invoice!.total), method: 'on_site', paidOn: TODAY },
    as(manager),
  );

  // Reports: one open about a member of the space; a dismissed one and one about a stranger do not count.
  const createdAt = NOW;
  await db.insert(communityReports).values([
    { reporterId: manager.id, subjectType: 'profile', profileUserId: member.id, reason: 'Spam', createdAt },
    {
      reporterId: stranger.id,
      subjectType: 'profile',
      profileUserId: member.id,
      reason: 'Spam',
      status: 'dismissed',
      decidedBy: manager.id,
      decisionReason: 'Rien à redire',
      decidedAt: createdAt,
      createdAt,
    },
    { reporterId: member.id, subjectType: 'profile', profileUserId: stranger.id, reason: 'Spam', createdAt },
  ]);
});

describe("the manager's home", () => {
  it('counts what needs the manager in this space today, each from the feature that owns it', async () => {
    expect(await homeCounts(spaceId)).toEqual({
      approvals: 2,
      arrivals: 1,
      events: 1,
      unpaid: 1,
      reports: 1,
    });
  });

  it("counts another space's own things only", async () => {
    expect(await homeCounts(otherSpaceId)).toEqual({
      approvals: 0,
      arrivals: 1,
      events: 0,
      unpaid: 0,
      reports: 0,
    });
  });

  it('leaves a request out once decided, and its booking joins the arrivals of its day', async () => {
    const [request] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM reservations WHERE space_id = ${spaceId} AND status = 'pending'
        ORDER BY starts_at LIMIT 1`,
    );
    await router.invoke('reservations.approve', { id: request!.id }, as(manager));
    expect(await homeCounts(spaceId)).toMatchObject({ approvals: 1, arrivals: 2 });
  });
});
