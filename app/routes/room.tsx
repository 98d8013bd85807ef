import type { I18nHandle } from '~/platform/i18n';
import { loadRouteNamespaces } from '~/platform/i18n-browser';
import { AppError } from '#contract/errors';
import { getAvailability } from '#contract/reservations';
import { getRoom } from '#contract/rooms';
import { bookingIntentOf } from '#contract/search';
import type { Route } from './+types/room';
import {
  BookingPanel,
  firstFortnightOf,
  type FirstAvailability,
} from '~/features/reservations/booking-panel';
import { RoomPage } from '~/features/spaces/room-page';
import { roomJsonLd } from '~/features/spaces/structured-data.server';
import { formatMoney } from '#contract/money';
import { localeOfMatches, translatorFor } from '~/platform/meta';
import { seoMeta, shortDescription } from '~/platform/seo';

export const handle: I18nHandle = { i18n: ['reservations', 'spaces', 'formulas'] };
await loadRouteNamespaces(handle);

/**
 * `/rooms/{roomId}` and `/spaces/{spaceid}/rooms/{roomid}` (one module, two routes). With a space in the
 * URL, a room of another space is the 404 page: the service answers `not-found`.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { roomId, roomid, spaceid } = params as { roomId?: string; roomid?: string; spaceid?: string };
  const room = await context.call(getRoom, { roomId: roomId ?? roomid ?? '', spaceRef: spaceid });
  // The search the visitor came with, validated here: the page's JavaScript carries no schema (issue 18).
  const intent = bookingIntentOf(new URL(request.url).searchParams);
  // schema.org JSON-LD, built here so the browser never loads its builder (issue 18).
  const base = context.config.baseUrl;
  // The calendar's first fortnight, sent with the page: its first week is in the first HTML, and the browser
  // asks for nothing (nor loads the callable client) until the visitor moves past it (decision 031). Refused,
  // the panel asks itself and says why, as before.
  const range = firstFortnightOf(intent, room.space.timeZone, new Date());
  const first: FirstAvailability | null = await context
    .call(getAvailability, { roomId: room.id, ...range, anyDesk: false })
    .then(
      (availability) => ({ ...range, availability }),
      (error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      },
    );
  return { room, intent, first, structuredData: roomJsonLd(room, (path) => `${base}${path}`) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { room } = data;
  const t = translatorFor(matches);
  const price =
    room.prices.fromCents === null
      ? ''
      : `${t('spaces:price.from', { price: formatMoney(room.prices.fromCents, localeOfMatches(matches)) })} ${t('spaces:price.inclVat')}`;
  const summary = t('spaces:room.metaDescription', {
    kind: t(`spaces:kinds.${room.kind}`),
    capacity: t('spaces:capacity', { count: room.capacity }),
    space: room.space.name,
    city: room.space.city,
    price,
  });
  return seoMeta(matches, {
    title: `${room.name} · ${room.space.name}`,
    description: shortDescription(room.description ? `${summary} ${room.description}` : summary),
    path: `/spaces/${room.space.slug}/rooms/${room.id}`,
    image: room.cover?.url,
    type: 'place',
  });
}

export default function RoomRoute({ loaderData }: Route.ComponentProps) {
  return (
    <RoomPage room={loaderData.room} intent={loaderData.intent} structuredData={loaderData.structuredData}>
      <BookingPanel room={loaderData.room} intent={loaderData.intent} first={loaderData.first} />
    </RoomPage>
  );
}
