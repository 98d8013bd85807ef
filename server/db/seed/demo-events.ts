import { eq, inArray } from 'drizzle-orm';
import { addDays, todayIn } from '#contract/dates';
import { localToInstant } from '#contract/events';
import type { Db } from '../client';
import { users } from '../schema/auth';
import { events } from '../schema/events';
import { spaces } from '../schema/spaces';

/** Upcoming demo events: a members' breakfast and an evening workshop in each of two demo spaces (no room held). */
const DEMO_EVENTS = [
  {
    slug: 'acme-coworking-paris',
    inDays: 5,
    from: '09:00',
    to: '10:30',
    capacity: 20,
    titleFr: 'Petit-déjeuner des membres',
    titleEn: 'Members’ breakfast',
    descriptionFr: 'Croissants, café et **présentations** : venez rencontrer les autres membres.',
    descriptionEn: 'Croissants, coffee and **introductions**: come and meet the other members.',
  },
  {
    slug: 'acme-coworking-paris',
    inDays: 12,
    from: '18:30',
    to: '21:00',
    capacity: 12,
    titleFr: 'Atelier fresque du climat',
    titleEn: 'Climate fresk workshop',
    descriptionFr: 'Trois heures pour comprendre les causes et les conséquences du changement climatique.',
    descriptionEn: 'Three hours to understand the causes and consequences of climate change.',
  },
  {
    slug: 'la-ruche-lyon',
    inDays: 8,
    from: '18:00',
    to: '20:00',
    capacity: 30,
    titleFr: 'Afterwork de la Ruche',
    titleEn: 'La Ruche afterwork',
    descriptionFr: 'Un verre en terrasse pour finir la semaine.',
    descriptionEn: 'A drink on the terrace to end the week.',
  },
];

export async function seedDemoEvents(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .select({ id: spaces.id, slug: spaces.slug, timeZone: spaces.timeZone })
    .from(spaces)
    .where(inArray(spaces.slug, [...new Set(DEMO_EVENTS.map((event) => event.slug))]));
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'gerant@escale.test'));
  const values = DEMO_EVENTS.flatMap((event) => {
    const space = rows.find((row) => row.slug === event.slug);
    if (!space) return [];
    const day = addDays(todayIn(space.timeZone, now), event.inDays);
    const startsAt = localToInstant(`${day}T${event.from}`, space.timeZone);
    const endsAt = localToInstant(`${day}T${event.to}`, space.timeZone);
    if (!startsAt || !endsAt) return [];
    return [
      {
        spaceId: space.id,
        titleFr: event.titleFr,
        titleEn: event.titleEn,
        descriptionFr: event.descriptionFr,
        descriptionEn: event.descriptionEn,
        startsAt,
        endsAt,
        registrationDeadline: startsAt,
        capacity: event.capacity,
        status: 'published' as const,
        publishedAt: now,
        createdById: manager?.id ?? null,
      },
    ];
  });
  if (values.length) await db.insert(events).values(values);
  return values.length;
}
