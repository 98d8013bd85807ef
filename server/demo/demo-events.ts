import { eq, inArray } from 'drizzle-orm';
import { addDays, todayIn } from '#contract/dates';
import { localToInstant } from '#contract/events';
import type { IllustrationScene } from '../features/spaces/illustrations';
import type { SavePhotoFile } from './seed-spaces';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { events } from '../db/schema/events';
import { spaces } from '../db/schema/spaces';
import { demoIllustration, saveDemoFile } from './demo-files';

interface DemoEvent {
  slug: string;
  inDays: number;
  from: string;
  to: string;
  capacity: number;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  /** A paid place: excl. VAT, its VAT rate, and what it costs in credit minutes (docs/decisions/025). */
  price?: { exclVatCents: number; vatRateBasisPoints: number; creditMinutes: number | null };
  /** A cover drawn at seed time, in the space's colour. */
  cover?: { scene: IllustrationScene; altFr: string; altEn: string };
}

/**
 * Upcoming demo events in two demo spaces (no room held): free ones and, at Acme, a paid masterclass that
 * can also be paid with credits. Two have a drawn cover.
 */
const DEMO_EVENTS: DemoEvent[] = [
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
    cover: {
      scene: 'lounge',
      altFr: 'Le salon d’Acme, café et croissants sur la table',
      altEn: 'Acme’s lounge, coffee and croissants on the table',
    },
  },
  {
    slug: 'acme-coworking-paris',
    inDays: 9,
    from: '14:00',
    to: '17:00',
    capacity: 16,
    titleFr: 'Masterclass : bien facturer en freelance',
    titleEn: 'Masterclass: invoicing well as a freelancer',
    descriptionFr:
      'Devis, factures, TVA et relances : un expert-comptable répond à **toutes vos questions**. Place à 15 € HT, ou une heure de vos crédits.',
    descriptionEn:
      'Quotes, invoices, VAT and reminders: a chartered accountant answers **all your questions**. A place is €15 excl. VAT, or one hour of your credits.',
    price: { exclVatCents: 1500, vatRateBasisPoints: 2000, creditMinutes: 60 },
    cover: {
      scene: 'event_hall',
      altFr: 'La salle d’Acme préparée pour la masterclass, chaises face à l’écran',
      altEn: 'Acme’s room set up for the masterclass, chairs facing the screen',
    },
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

/** The colour covers are drawn in when their space has none (as the demo photos). */
const DEFAULT_COVER_COLOR = '#4f46e5';

/** Inserts the demo events, dated from `now`; covers only when `save` stores files. */
export async function seedDemoEvents(db: Db, now: Date = new Date(), save?: SavePhotoFile): Promise<number> {
  const rows = await db
    .select({ id: spaces.id, slug: spaces.slug, timeZone: spaces.timeZone, color: spaces.color })
    .from(spaces)
    .where(inArray(spaces.slug, [...new Set(DEMO_EVENTS.map((event) => event.slug))]));
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'gerant@escale.test'));
  const values: (typeof events.$inferInsert)[] = [];
  for (const [index, event] of DEMO_EVENTS.entries()) {
    const space = rows.find((row) => row.slug === event.slug);
    if (!space) continue;
    const day = addDays(todayIn(space.timeZone, now), event.inDays);
    const startsAt = localToInstant(`${day}T${event.from}`, space.timeZone);
    const endsAt = localToInstant(`${day}T${event.to}`, space.timeZone);
    if (!startsAt || !endsAt) continue;
    const coverKey =
      event.cover && save
        ? await saveDemoFile(
            db,
            save,
            demoIllustration(
              event.cover.scene,
              space.color ?? DEFAULT_COVER_COLOR,
              `${event.slug}-event-${index + 1}.svg`,
              index,
            ),
            { purpose: 'event-cover', ownerId: null },
          )
        : null;
    values.push({
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
      priceExclVatCents: event.price?.exclVatCents ?? 0,
      vatRateBasisPoints: event.price?.vatRateBasisPoints ?? 0,
      creditMinutes: event.price?.creditMinutes ?? null,
      coverKey,
      coverAltFr: coverKey ? (event.cover?.altFr ?? '') : '',
      coverAltEn: coverKey ? (event.cover?.altEn ?? '') : '',
    });
  }
  if (values.length) await db.insert(events).values(values);
  return values.length;
}
