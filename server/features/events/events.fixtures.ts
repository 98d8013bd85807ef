import type { TEventFormInput } from '#contract/events';
import type { Db } from '../../db/client';
import type { CallableRouter } from '../../platform/callables';
import { reservationsCallables } from '../reservations/reservations.callables';
import { contextFor, routerAtClock } from '../reservations/reservations.fixtures';
import { type TestPerson } from '../../db/factories.fixtures';
import { eventsCallables } from './events.callables';

/** Test data for events: a router holding events and reservations, every call made at the test's clock. */

export function eventsRouter(now: () => Date): CallableRouter {
  return routerAtClock([...eventsCallables, ...reservationsCallables], now);
}

/** An evening workshop on Wednesday 10 February 2027 in Paris, 18:00–20:00. */
export const WORKSHOP: TEventFormInput = {
  titleFr: 'Atelier fresque du climat',
  titleEn: 'Climate fresk workshop',
  descriptionFr: 'Trois heures pour **comprendre**.',
  startsAt: '2027-02-10T18:00',
  endsAt: '2027-02-10T20:00',
  capacity: 10,
};

/** A published event made through the API by `manager`. */
export async function publishedEvent(
  router: CallableRouter,
  db: Db,
  manager: TestPerson,
  spaceId: string,
  event: Partial<TEventFormInput> = {},
): Promise<string> {
  const ctx = contextFor(db, manager.session);
  const { id } = (await router.invoke(
    'events.create',
    { spaceId, event: { ...WORKSHOP, ...event } },
    ctx,
  )) as {
    id: string;
  };
  await router.invoke('events.publish', { id }, ctx);
  return id;
}
