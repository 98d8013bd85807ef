import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { addDays, startOfDayIn, todayIn } from '#contract/dates';
import { priceBooking } from '#contract/pricing';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { heldAndPriced, reservations } from '../db/schema/reservations';
import { rooms } from '../db/schema/rooms';
import { spaces } from '../db/schema/spaces';
import { roomOpenAndFree } from '../features/reservations/availability.service';

/**
 * Demo reservations so calendars look lived in: over the past two weeks (completed, a few cancelled or
 * no-shows) and the coming three weeks (confirmed, requests pending on rooms that need approval), made
 * relative to now. Every slot is taken from the rooms' real opening hours and free time, on their step,
 * so the data obeys the same rules as a booking. The demo member gets a few of them; the others belong to
 * demo guests, who cannot sign in and get no e-mails.
 */

const PAST_DAYS = 14;
const FUTURE_DAYS = 21;
const MEMBER_EMAIL = 'membre@escale.test';

const GUESTS = [
  'Léa Dubois',
  'Thomas Bernard',
  'Inès Lefèvre',
  'Hugo Petit',
  'Chloé Garnier',
  'Nathan Roux',
  'Manon Fontaine',
  'Karim Haddad',
];

const TITLES = [
  'Point d’équipe',
  'Atelier produit',
  'Entretien',
  'Revue de sprint',
  'Rendez-vous client',
  'Formation',
  '',
  '',
];

/** A small deterministic generator: the same demo data on every fresh start. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

async function demoGuests(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (const name of GUESTS) {
    const email = `${name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, '.')}@invite.escale.test`;
    const id = randomBytes(24).toString('base64url');
    await db
      .insert(users)
      .values({ id, name, email, emailVerified: true, locale: 'fr' })
      .onConflictDoNothing();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids.push(row!.id);
  }
  return ids;
}

type NewReservation = typeof reservations.$inferInsert;

export async function seedDemoReservations(db: Db, now: Date = new Date()): Promise<number> {
  const random = generator(20_260_329);
  const guests = await demoGuests(db);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, MEMBER_EMAIL));
  const roomRows = await db
    .select({ room: rooms, timeZone: spaces.timeZone, slug: spaces.slug })
    .from(rooms)
    .innerJoin(spaces, eq(spaces.id, rooms.spaceId))
    .where(and(eq(spaces.status, 'published'), isNull(rooms.archivedAt)))
    .orderBy(spaces.slug, rooms.position, rooms.name);
  if (roomRows.length === 0) return 0;

  const timeZone = roomRows[0]!.timeZone;
  const today = todayIn(timeZone, now);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, FUTURE_DAYS);
  const windows = await roomOpenAndFree(
    db,
    roomRows.map((row) => row.room.id),
    { from, to, now },
  );

  const rows: NewReservation[] = [];
  let memberUpcoming = 0;
  let memberPast = 0;
  for (const { room, slug } of roomRows) {
    const window = windows.get(room.id);
    if (!window) continue;
    const step = room.bookingStepMinutes * 60_000;
    const busyDay = room.kind === 'desk' ? 0.45 : 0.6;
    // Past days: any opening hours (those bookings are over); from now on: only time still free.
    const nowIso = now.toISOString();
    const bookable = [
      ...window.open
        .filter((interval) => interval.start < nowIso)
        .map((interval) => ({ start: interval.start, end: interval.end < nowIso ? interval.end : nowIso })),
      ...window.free,
    ];
    for (const interval of bookable) {
      const start = new Date(interval.start).getTime();
      const end = new Date(interval.end).getTime();
      const past = end <= now.getTime();
      if (!random.chance(busyDay)) continue;
      // One or two bookings in this stretch of opening hours, each on the step, with the buffer between.
      let cursor = Math.ceil(start / step) * step + random.between(0, 3) * step;
      for (let n = random.between(1, 2); n > 0; n--) {
        const lengthSteps = Math.max(
          Math.ceil(room.minDurationMinutes / room.bookingStepMinutes),
          Math.min(
            Math.floor(room.maxDurationMinutes / room.bookingStepMinutes),
            random.between(2, Math.max(2, Math.floor(180 / room.bookingStepMinutes))),
          ),
        );
        const startsAt = cursor;
        const endsAt = startsAt + lengthSteps * step;
        if (endsAt > end) break;
        const minutes = (endsAt - startsAt) / 60_000;
        const price = priceBooking(room, minutes);
        if (!price) break;
        const forMember =
          member &&
          slug === 'acme-coworking-paris' &&
          room.kind !== 'desk' &&
          (past ? memberPast < 3 : memberUpcoming < 3) &&
          random.chance(0.35);
        if (forMember) {
          if (past) memberPast++;
          else memberUpcoming++;
        }
        const pending = !past && room.requiresApproval && random.chance(0.3);
        const pastStatus = random.chance(0.12) ? 'cancelled' : random.chance(0.08) ? 'no_show' : 'completed';
        const status = past ? pastStatus : pending ? 'pending' : 'confirmed';
        rows.push({
          roomId: room.id,
          spaceId: room.spaceId,
          userId: forMember ? member.id : random.pick(guests),
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          ...heldAndPriced({ endsAt: new Date(endsAt), bufferMinutes: room.bufferMinutes }, price),
          attendees: Math.max(1, Math.min(room.capacity, random.between(1, room.capacity))),
          title: random.pick(TITLES),
          status,
          expiresAt: status === 'pending' ? new Date(startsAt) : null,
          cancelledAt: status === 'cancelled' ? new Date(startsAt - 86_400_000) : null,
          cancelledByRole: status === 'cancelled' ? 'member' : null,
          // Guests have no mailbox: their reminders count as sent.
          reminderSentAt: forMember ? null : now,
          createdAt: new Date(Math.min(now.getTime(), startsAt) - 3 * 86_400_000),
        });
        cursor = endsAt + room.bufferMinutes * 60_000 + random.between(1, 4) * step;
        cursor = Math.ceil(cursor / step) * step;
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(reservations).values(rows.slice(i, i + 500));
  }
  // The rooms were there for the bookings made in them: they exist from the history's first day, so a
  // room's open hours (statistics' occupancy) cover the days it was booked.
  const historyStart = startOfDayIn(from, timeZone);
  await db
    .update(rooms)
    .set({ createdAt: sql`least(${rooms.createdAt}, ${historyStart.toISOString()}::timestamptz)` })
    .where(
      inArray(
        rooms.id,
        roomRows.map((row) => row.room.id),
      ),
    );
  return rows.length;
}
