// @databases pglite
/**
 * Far dates and reversed or endless ranges cost nothing: the contract keeps every date within the app's
 * calendar, the booking rules that need no room are checked before the database is read, and the loops
 * and queries over days have an end of their own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_REFUSAL } from '#contract/input';
import { MAX_BOOKING_MINUTES, MAX_HORIZON_DAYS } from '#contract/rooms';
import { startTestApp, type Agent, type TestApp } from '../../../tests/support/test-app';
import type { Db } from '../../db/client';
import type { Session } from '../../platform/session';
import { MAX_EXPANDED_DAYS, openHoursSql } from '../../db/calendar-sql';
import { contextFor, localInstant, reservationsRouter } from './reservations.fixtures';
import { addRole, ALWAYS_OPEN, insertRoom, insertSpace } from '../../db/factories.fixtures';
import { rowsOf } from '../../db/rows';

const NOW = new Date(localInstant('2027-01-04T08:00'));
const HOUR = 3_600_000;

/** A database that fails the test the moment anything reads or writes it. */
const untouchable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the database was used (${String(property)})`);
    },
  },
) as Db;

const member: Session = {
  id: 'session-bounds',
  user: {
    id: 'user-bounds',
    email: 'bounds@example.test',
    name: 'Bounds',
    emailVerified: true,
    isAdmin: false,
    locale: 'fr',
    image: null,
  },
};

describe('the rules checked before reading anything', () => {
  const router = reservationsRouter(() => NOW);
  const roomId = '00000000-0000-4000-8000-000000000001';
  const start = Date.parse(localInstant('2027-01-05T09:00'));
  const slot = (startsAt: number, endsAt: number) => ({
    roomId,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    attendees: 1,
    title: 'Point',
    idempotencyKey: 'bounds-key-1',
  });

  it.each([
    ['an end before its start', slot(start, start - HOUR), 'endsAt', 'end-before-start'],
    ['an end equal to its start', slot(start, start), 'endsAt', 'end-before-start'],
    [
      'an end in year 9999',
      { ...slot(start, start), endsAt: '9999-12-31T23:59:59Z' },
      'endsAt',
      DATE_REFUSAL,
    ],
    [
      'a start in year 1',
      { ...slot(start, start), startsAt: '0001-01-01T00:00:00Z' },
      'startsAt',
      DATE_REFUSAL,
    ],
  ])('refuses %s in the contract, naming the field', async (_what, input, field, message) => {
    for (const name of ['reservations.quote', 'reservations.create']) {
      await expect(router.invoke(name, input, contextFor(untouchable, member))).rejects.toMatchObject({
        code: 'invalid-argument',
        details: { fields: expect.arrayContaining([{ path: field, message }]) },
      });
    }
  });

  it.each([
    [
      'longer than any room allows',
      slot(start, start + (MAX_BOOKING_MINUTES + 60) * 60_000),
      'endsAt',
      'max-duration',
    ],
    [
      'starting farther ahead than any room opens',
      slot(
        NOW.getTime() + (MAX_HORIZON_DAYS + 1) * 24 * HOUR,
        NOW.getTime() + (MAX_HORIZON_DAYS + 1) * 24 * HOUR + HOUR,
      ),
      'startsAt',
      'horizon',
    ],
  ])(
    'refuses a slot %s with invalid-argument before the database is read',
    async (_what, input, field, reason) => {
      for (const name of ['reservations.quote', 'reservations.create']) {
        await expect(router.invoke(name, input, contextFor(untouchable, member))).rejects.toMatchObject({
          code: 'invalid-argument',
          details: { reason, fields: [{ path: field, message: reason }] },
        });
      }
    },
  );
});

describe('year-9999 requests over HTTP', () => {
  let app: TestApp;
  let owner: Agent;
  let spaceId: string;
  let roomId: string;

  beforeAll(async () => {
    app = await startTestApp();
    spaceId = await insertSpace(app.database.db, { hours: ALWAYS_OPEN });
    roomId = await insertRoom(app.database.db, spaceId, { maxDurationMinutes: MAX_BOOKING_MINUTES });
    const signedIn = await app.signedIn();
    owner = signedIn.agent;
    const [user] = await rowsOf<{ id: string }>(
      app.database.db,
      sql`SELECT id FROM users WHERE email = ${signedIn.user.email}`,
    );
    await addRole(app.database.db, spaceId, user!.id, 'owner');
  });
  afterAll(() => app.close());

  const far = '9999-12-31';
  const cases = (): Array<[string, Record<string, unknown>, string]> => [
    ['reservations.getAvailability', { roomId, from: far, to: far }, 'from'],
    ['reservations.getSpaceAvailability', { spaceId, from: far, to: far }, 'from'],
    ['reservations.spaceCalendar', { spaceId, date: far }, 'date'],
    [
      'reservations.quote',
      { roomId, startsAt: '2027-01-05T09:00:00Z', endsAt: `${far}T23:59:59Z`, attendees: 1 },
      'endsAt',
    ],
    [
      'reservations.create',
      {
        roomId,
        startsAt: `${far}T09:00:00Z`,
        endsAt: `${far}T10:00:00Z`,
        attendees: 1,
        idempotencyKey: 'bounds-key-2',
      },
      'startsAt',
    ],
  ];

  // The issue asks for an answer within a second; the bound is generous so that a loaded machine cannot
  // fail it, while the code before the fix took minutes (and answered 500).
  const PROMPTLY_MS = 3_000;

  it('answers invalid-argument at once, and /healthz answers meanwhile', async () => {
    await fetch(`${app.url}/healthz`);
    for (const [name, data, field] of cases()) {
      const started = performance.now();
      let settled = false;
      const answer = owner.call(name, data).finally(() => (settled = true));
      // /healthz, asked while the call is under way (at least once), answers each time.
      const healthTimes: number[] = [];
      do {
        const asked = performance.now();
        const health = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(PROMPTLY_MS) });
        expect(health.status).toBe(200);
        healthTimes.push(performance.now() - asked);
      } while (!settled && performance.now() - started < PROMPTLY_MS);
      const response = await answer;
      expect(performance.now() - started, name).toBeLessThan(PROMPTLY_MS);
      expect(Math.max(...healthTimes), name).toBeLessThan(PROMPTLY_MS);
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toMatchObject({
        error: {
          status: 'INVALID_ARGUMENT',
          details: { fields: expect.arrayContaining([{ path: field, message: DATE_REFUSAL }]) },
        },
      });
    }
  });

  it('expands opening hours over a bounded number of days, whatever range the query is given', async () => {
    const open = openHoursSql(
      sql`${spaceId}::uuid`,
      sql`'Europe/Paris'`,
      sql`'2027-01-01'::date`,
      sql`'9999-12-31'::date`,
    );
    const [row] = await rowsOf<{ days: number }>(
      app.database.db,
      sql`WITH open AS (SELECT range_merge(${open}) AS span)
          SELECT extract(epoch FROM upper(span) - lower(span)) / 86400 AS days FROM open`,
    );
    // Open all day every day: the hours found span the days expanded, no more than MAX_EXPANDED_DAYS + 1.
    expect(Number(row!.days)).toBeGreaterThan(MAX_EXPANDED_DAYS - 2);
    expect(Number(row!.days)).toBeLessThanOrEqual(MAX_EXPANDED_DAYS + 1);
  });
});
