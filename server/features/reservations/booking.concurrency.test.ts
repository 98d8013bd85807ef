// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { activityEntries } from '../../db/schema/activity';
import { jobs } from '../../db/schema/jobs';
import { activeStatusSql, reservations } from '../../db/schema/reservations';
import { RESERVATION_MAIL_JOB } from './notifications';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import { insertPerson, insertRoom, insertSpace, type TestPerson } from '../../db/factories.fixtures';

/**
 * Many people asking for the same room at once: the exclusion constraint lets exactly one through and
 * everyone else gets `already-exists` — never `internal`, never two bookings. On PostgreSQL the calls
 * really run in parallel over the test database's pool of 20 connections.
 */
const NOW = new Date(localInstant('2027-02-01T08:00'));
const router = reservationsRouter(() => NOW);
const CALLS = 200;

const database = testDatabaseForFile();
let people: TestPerson[];
let spaceId: string;

beforeAll(async () => {
  spaceId = await insertSpace(database.db);
  people = [];
  for (let i = 0; i < 20; i++) people.push(await insertPerson(database.db));
});

type Outcome = { ok: true; id: string } | { ok: false; code: string; reason: unknown };

async function attempt(
  roomId: string,
  person: TestPerson,
  startsAt: string,
  endsAt: string,
): Promise<Outcome> {
  try {
    const result = (await router.invoke(
      'reservations.create',
      { roomId, startsAt, endsAt, attendees: 1, title: '', idempotencyKey: randomUUID() },
      contextFor(database.db, person.session),
    )) as { id: string };
    return { ok: true, id: result.id };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, reason: error.details?.reason };
    throw error;
  }
}

function tally(outcomes: Outcome[]) {
  const codes: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.ok ? 'ok' : outcome.code;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return codes;
}

async function activeCount(roomId: string) {
  const rows = await database.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.roomId, roomId), activeStatusSql(reservations.status)));
  return rows.length;
}

/** The e-mail jobs queued: one per reservation made, none for the calls that lost. */
async function mailJobs() {
  return database.db
    .select({ reservationId: sql<string | null>`${jobs.payload}->>'reservationId'` })
    .from(jobs)
    .where(eq(jobs.kind, RESERVATION_MAIL_JOB));
}

/** The activity log's `reservation.created` entries for a room: one per reservation committed. */
async function createdEntries(roomId: string) {
  return database.db
    .select({ subjectId: activityEntries.subjectId })
    .from(activityEntries)
    .innerJoin(reservations, sql`${reservations.id}::text = ${activityEntries.subjectId}`)
    .where(and(eq(activityEntries.kind, 'reservation.created'), eq(reservations.roomId, roomId)));
}

describe(`${CALLS} concurrent bookings`, () => {
  it('of the same slot: exactly one reservation, every other call already-exists', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const startsAt = localInstant('2027-02-02T10:00');
    const endsAt = localInstant('2027-02-02T12:00');
    const outcomes = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => attempt(roomId, people[i % people.length]!, startsAt, endsAt)),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, 'already-exists': CALLS - 1 });
    expect(outcomes.every((o) => o.ok || o.reason === 'slot-taken')).toBe(true);
    expect(await activeCount(roomId)).toBe(1);
    const winner = outcomes.find((o) => o.ok);
    expect(await mailJobs()).toEqual([{ reservationId: winner?.ok ? winner.id : 'none' }]);
    // One entry for the one committed booking, none for the 199 that inserted nothing.
    expect(await createdEntries(roomId)).toEqual([{ subjectId: winner?.ok ? winner.id : 'none' }]);
  });

  it('of different slots that all overlap 12:00–12:30: exactly one reservation', async () => {
    const roomId = await insertRoom(database.db, spaceId, {
      bookingStepMinutes: 15,
      minDurationMinutes: 30,
      maxDurationMinutes: 600,
    });
    // Every (start, end) with start in 08:00…12:00 and end in 12:30…18:00, on the quarter hour.
    const slots: Array<[string, string]> = [];
    for (let start = 8 * 60; start <= 12 * 60; start += 15) {
      for (let end = 12 * 60 + 30; end <= 18 * 60 && slots.length < CALLS; end += 15) {
        const clock = (minutes: number) =>
          `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        slots.push([localInstant(`2027-02-03T${clock(start)}`), localInstant(`2027-02-03T${clock(end)}`)]);
      }
    }
    expect(new Set(slots.map((slot) => slot.join())).size).toBe(CALLS);
    const outcomes = await Promise.all(
      slots.map(([startsAt, endsAt], i) => attempt(roomId, people[i % people.length]!, startsAt, endsAt)),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, 'already-exists': CALLS - 1 });
    expect(await activeCount(roomId)).toBe(1);
    expect(await createdEntries(roomId)).toHaveLength(1);
  });

  it('of slots that do not overlap: every one succeeds', async () => {
    const roomId = await insertRoom(database.db, spaceId);
    const starts = Array.from({ length: 12 }, (_, i) =>
      localInstant(`2027-02-04T${String(8 + i).padStart(2, '0')}:00`),
    );
    const outcomes = await Promise.all(
      starts.map((startsAt, i) =>
        attempt(roomId, people[i]!, startsAt, new Date(Date.parse(startsAt) + 3_600_000).toISOString()),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 12 });
    expect(await activeCount(roomId)).toBe(12);
    expect(await createdEntries(roomId)).toHaveLength(12);
  });
});
