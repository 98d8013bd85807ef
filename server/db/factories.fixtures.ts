import { randomUUID } from 'node:crypto';
import type { Db } from './client';
import { users } from './schema/auth';
import { spaceMembers } from './schema/memberships';
import { rooms } from './schema/rooms';
import { spaceClosures, spaceOpeningHours, spaces } from './schema/spaces';
import type { Session } from '../platform/session';

/**
 * Test data straight into the database, for every feature's tests: people (with the session they would
 * have), spaces with opening hours and closures, rooms, roles in a space, and the usual cast of callers
 * around a space for permission tables (tests/support/permission-matrix.ts).
 */

export interface TestPerson {
  id: string;
  email: string;
  session: Session;
}

export async function insertPerson(
  db: Db,
  options: { emailVerified?: boolean; isAdmin?: boolean; locale?: 'fr' | 'en'; name?: string } = {},
): Promise<TestPerson> {
  const id = randomUUID();
  // The same person in the row and in their session.
  const person = {
    id,
    name: options.name ?? `Person ${id.slice(0, 4)}`,
    email: `${id.slice(0, 8)}@example.test`,
    emailVerified: options.emailVerified ?? true,
    isAdmin: options.isAdmin ?? false,
    locale: options.locale ?? ('fr' as const),
  };
  await db.insert(users).values(person);
  return { id, email: person.email, session: { id: `session-${id}`, user: { ...person, image: null } } };
}

export interface OpeningInterval {
  weekday: number;
  opens: string;
  closes: string;
}

/** Every day 08:00–20:00, the default for tests. */
export const EVERY_DAY_8_TO_20: OpeningInterval[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '08:00',
  closes: '20:00',
}));

export const ALWAYS_OPEN: OpeningInterval[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));

export async function insertSpace(
  db: Db,
  options: {
    timeZone?: string;
    status?: 'draft' | 'published' | 'archived';
    hours?: OpeningInterval[];
    closures?: Array<{ startsOn: string; endsOn: string }>;
  } = {},
): Promise<string> {
  const slug = `space-${randomUUID().slice(0, 8)}`;
  const [space] = await db
    .insert(spaces)
    .values({
      slug,
      name: `Espace ${slug.slice(6)}`,
      city: 'Paris',
      postcode: '75011',
      addressLine: '12 rue Oberkampf',
      timeZone: options.timeZone ?? 'Europe/Paris',
      status: options.status ?? 'published',
    })
    .returning({ id: spaces.id });
  const spaceId = space!.id;
  const hours = options.hours ?? EVERY_DAY_8_TO_20;
  if (hours.length) await db.insert(spaceOpeningHours).values(hours.map((h) => ({ spaceId, ...h })));
  for (const closure of options.closures ?? []) {
    await db.insert(spaceClosures).values({ spaceId, ...closure, label: 'Fermé' });
  }
  return spaceId;
}

export type RoomOptions = Partial<typeof rooms.$inferInsert>;

/** A meeting room: 8 seats, 30-min step, 1–4 h, no buffer, no lead time, 90 days ahead, 40 €/h HT. */
export async function insertRoom(db: Db, spaceId: string, options: RoomOptions = {}): Promise<string> {
  const [room] = await db
    .insert(rooms)
    .values({
      spaceId,
      kind: 'meeting_room',
      name: `Salle ${randomUUID().slice(0, 4)}`,
      capacity: 8,
      hourlyPriceCents: 4000,
      halfDayPriceCents: 14000,
      dayPriceCents: 25000,
      vatRateBasisPoints: 2000,
      minDurationMinutes: 60,
      maxDurationMinutes: 240,
      bookingStepMinutes: 30,
      bufferMinutes: 0,
      leadTimeMinutes: 0,
      horizonDays: 90,
      ...options,
    })
    .returning({ id: rooms.id });
  return room!.id;
}

export async function addRole(db: Db, spaceId: string, userId: string, role: 'owner' | 'manager' | 'member') {
  await db.insert(spaceMembers).values({ spaceId, userId, role });
}

/** The callers a permission table tries, "anonymous" being no session. */
export type CallerRole =
  'anonymous' | 'unconfirmed' | 'member' | 'otherMember' | 'otherManager' | 'manager' | 'admin';
export const CALLER_ROLES: CallerRole[] = [
  'anonymous',
  'unconfirmed',
  'member',
  'otherMember',
  'otherManager',
  'manager',
  'admin',
];

/**
 * One person per caller role around a new space: its member and manager, an unconfirmed account, the owner
 * of another space, an admin, and another member (of the same space when `otherMemberInSpace`, else of
 * none).
 */
export async function insertCallerCast(db: Db, { otherMemberInSpace = false } = {}) {
  const spaceId = await insertSpace(db);
  const otherSpace = await insertSpace(db);
  const people: Record<Exclude<CallerRole, 'anonymous'>, TestPerson> = {
    unconfirmed: await insertPerson(db, { emailVerified: false }),
    member: await insertPerson(db),
    otherMember: await insertPerson(db),
    otherManager: await insertPerson(db),
    manager: await insertPerson(db),
    admin: await insertPerson(db, { isAdmin: true }),
  };
  await addRole(db, spaceId, people.manager.id, 'manager');
  await addRole(db, spaceId, people.member.id, 'member');
  if (otherMemberInSpace) await addRole(db, spaceId, people.otherMember.id, 'member');
  await addRole(db, otherSpace, people.otherManager.id, 'owner');
  return { spaceId, people };
}
