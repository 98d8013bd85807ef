import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { getManagedSpace } from '#contract/back-office';
import { eventTitleIn, getManagedEvent, listAttendees } from '#contract/events';
import type { Route } from './+types/myspaces-event';
import { EventOffice } from '~/features/events/office/event-office';
import { requireViewer } from '~/platform/guard';
import { localeOfMatches } from '~/platform/meta';

export const handle: I18nHandle = { i18n: ['events', 'backoffice', 'formulas'] };
await loadRouteNamespaces(handle);

/** One event's back office, with the check-in list (owners, managers and admins of its space). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireViewer({ context, request });
  const [event, door, space] = await Promise.all([
    context.call(getManagedEvent, { id: params.eventId }),
    context.call(listAttendees, { id: params.eventId }),
    context.call(getManagedSpace, { spaceId: params.spaceId }),
  ]);
  const rooms = space.rooms
    .filter((room) => !room.archived)
    .map((room) => ({ id: room.id, name: room.name }));
  return { event, door, rooms };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `${eventTitleIn(data.event, localeOfMatches(matches))} · Escale` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function EventOfficeRoute({ loaderData }: Route.ComponentProps) {
  return <EventOffice {...loaderData} />;
}
