/**
 * Events under load, on PGlite and, with DATABASE_URL, on PostgreSQL (a database of its own, `bench_events`,
 * dropped after):
 *
 * - /events/{id} for an event holding 5,000 registrations (4,000 registered, a third showing their name,
 *   1,000 in line), as the service alone and as the whole server-rendered page, seen by one of the people in
 *   line (their position is counted). Target: page p95 < 20 ms on PostgreSQL.
 * - The home page with 10,000 upcoming events over 200 spaces in the database (its upcoming list is one of
 *   its four reads). Target: page p95 < 50 ms on PostgreSQL.
 *
 * `BENCH_SKIP_PGLITE=1` runs PostgreSQL only. Figures are printed; nothing is asserted.
 */
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { type Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { blogCallables } from '../server/features/blog/blog.callables';
import { getEventPage } from '../server/features/events/event-pages.service';
import { eventsCallables } from '../server/features/events/events.callables';
import { contextFor } from '../server/features/reservations/reservations.fixtures';
import { insertPerson, insertSpace } from '../server/db/factories.fixtures';
import { spacesCallables } from '../server/features/spaces/spaces.callables';
import { tenancyCallables } from '../server/features/tenancy/tenancy.callables';
import type { Session } from '../server/platform/session';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { loadServerBuild, measure } from './timing';

const REGISTERED = 4_000;
const WAITING = 1_000;
const SPACES = 200;
const UPCOMING = 10_000;
const DATABASE_NAME = 'bench_events';

/** The big event: people and their registrations in bulk (the capacity trigger is the services' guard, off for the load). */
async function fillEvent(database: Database, spaceId: string): Promise<{ eventId: string; reader: string }> {
  const { db } = database;
  const started = performance.now();
  const [event] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO events (space_id, title_fr, starts_at, ends_at, registration_deadline, capacity, status)
        VALUES (${spaceId}, 'Conférence du banc', now() + interval '10 days', now() + interval '10 days 2 hours',
                now() + interval '9 days', ${REGISTERED}, 'published') RETURNING id`,
  );
  await db.execute(sql`
    INSERT INTO users (id, name, email, email_verified, locale)
    SELECT 'bench-' || k, 'Personne ' || k, 'bench-' || k || '@example.test', true, 'fr'
    FROM generate_series(1, ${REGISTERED + WAITING}::int) AS k`);
  await db.execute(sql`ALTER TABLE event_registrations DISABLE TRIGGER event_registrations_capacity`);
  await db.execute(sql`
    INSERT INTO event_registrations (event_id, user_id, status, waitlist_position, show_name, registered_at, created_at)
    SELECT ${event!.id}, 'bench-' || k,
           CASE WHEN k <= ${REGISTERED} THEN 'registered' ELSE 'waitlisted' END,
           CASE WHEN k <= ${REGISTERED} THEN NULL ELSE k - ${REGISTERED} END,
           k % 3 = 0, now() - make_interval(mins => k), now() - make_interval(mins => k)
    FROM generate_series(1, ${REGISTERED + WAITING}::int) AS k`);
  await db.execute(sql`ALTER TABLE event_registrations ENABLE TRIGGER event_registrations_capacity`);
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `  ${(REGISTERED + WAITING).toLocaleString('en')} registrations loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { eventId: event!.id, reader: `bench-${REGISTERED + WAITING / 2}` };
}

async function fillUpcoming(database: Database) {
  const { db } = database;
  const started = performance.now();
  for (let i = 0; i < SPACES; i++) await insertSpace(db, { hours: [] });
  await db.execute(sql`
    INSERT INTO events (space_id, title_fr, starts_at, ends_at, registration_deadline, capacity, status)
    SELECT s.id, 'Événement ' || k,
           now() + make_interval(hours => k), now() + make_interval(hours => k + 2), now() + make_interval(hours => k),
           20, 'published'
    FROM generate_series(1, ${UPCOMING}::int) AS k
      JOIN (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM spaces) AS s ON s.n = k % ${SPACES}`);
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `  ${UPCOMING.toLocaleString('en')} upcoming events over ${SPACES} spaces loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function benchOn(database: Database, build: ServerBuild) {
  await database.migrate();
  const spaceId = await insertSpace(database.db);
  const { eventId, reader } = await fillEvent(database, spaceId);
  const [person] = await rowsOf<{ name: string; email: string }>(
    database.db,
    sql`SELECT name, email FROM users WHERE id = ${reader}`,
  );
  const session: Session = {
    id: `session-${reader}`,
    user: {
      id: reader,
      name: person!.name,
      email: person!.email,
      emailVerified: true,
      isAdmin: false,
      locale: 'fr',
      image: null,
    },
  };
  const visitor = await insertPerson(database.db);
  let current: Session | null = session;
  const app = benchApp(
    database,
    build,
    [...tenancyCallables, ...spacesCallables, ...blogCallables, ...eventsCallables],
    current,
  );
  const sample = await getEventPage(contextFor(database.db, session), eventId);
  console.log(
    `  sample: ${sample.registeredCount} registered, ${sample.waitlistCount} waiting, ${sample.attendeeNames.length} names shown, reader n° ${sample.mine?.position}`,
  );
  const ctx = contextFor(database.db, session);
  await measure('service: events.get (5,000 registrations)', () => getEventPage(ctx, eventId));
  const get = (url: string) => () => getPage(app, url);
  const eventP95 = await measure('GET /events/{id} (in line)', get(`/events/${eventId}`));
  current = visitor.session;
  await measure('GET /events/{id} (not registered)', get(`/events/${eventId}`));
  current = null;
  await fillUpcoming(database);
  const homeP95 = await measure('GET / (10,000 upcoming events)', get('/'));
  return { eventP95, homeP95 };
}

export async function run() {
  const build = await loadServerBuild();
  await onEachDatabase(
    DATABASE_NAME,
    (database) => benchOn(database, build),
    ({ eventP95, homeP95 }) => [
      `target p95 < 20 ms for GET /events/{id}: ${eventP95 < 20 ? 'met' : 'NOT met'} (${eventP95.toFixed(1)} ms)`,
      `target p95 < 50 ms for GET /: ${homeP95 < 50 ? 'met' : 'NOT met'} (${homeP95.toFixed(1)} ms)`,
    ],
  );
}
