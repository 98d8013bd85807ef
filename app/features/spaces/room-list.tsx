import { useTranslation } from '~/platform/translation';
import type { Locale } from '#contract/locale';
import type { TRoomSummary } from '#contract/rooms';
import { formatMoney } from '#contract/money';
import { PreloadLink } from '~/platform/preload-link';
import { Photo } from '~/ui/photo';
import { KindIcon } from './labels';

type Entry = { type: 'room'; room: TRoomSummary } | { type: 'desks'; group: string; desks: TRoomSummary[] };

/** Rooms in display order, the desks of one open space gathered into one entry. */
export function groupDesks(rooms: TRoomSummary[]): Entry[] {
  const entries: Entry[] = [];
  const groups = new Map<string, TRoomSummary[]>();
  for (const room of rooms) {
    if (room.kind === 'desk' && room.deskGroup) {
      const desks = groups.get(room.deskGroup);
      if (desks) {
        desks.push(room);
        continue;
      }
      const created = [room];
      groups.set(room.deskGroup, created);
      entries.push({ type: 'desks', group: room.deskGroup, desks: created });
    } else entries.push({ type: 'room', room });
  }
  return entries;
}

function cheapest(rooms: TRoomSummary[]): number | null {
  const prices = rooms.map((room) => room.prices.fromCents).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
}

/**
 * The rooms of a space as cards: photo, name (link to the room, with the search's `bookingQuery` so its
 * calendar opens on the searched slot), kind, size and "from" price.
 */
export function RoomList({
  rooms,
  spaceSlug,
  bookingQuery = '',
}: {
  rooms: TRoomSummary[];
  spaceSlug: string;
  bookingQuery?: string;
}) {
  const { t, i18n } = useTranslation('spaces');
  const locale = i18n.language as Locale;
  const hrefOf = (room: TRoomSummary) => `/spaces/${spaceSlug}/rooms/${room.id}${bookingQuery}`;
  const priceText = (cents: number | null) =>
    cents === null
      ? t('price.none')
      : `${t('price.from', { price: formatMoney(cents, locale) })} ${t('price.inclVat')}`;

  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {groupDesks(rooms).map((entry) => {
        const first = entry.type === 'room' ? entry.room : entry.desks[0]!;
        return (
          <li
            key={entry.type === 'room' ? entry.room.id : `desks-${entry.group}`}
            className="border-line relative flex flex-col overflow-hidden rounded-2xl border"
          >
            <Photo src={first.cover?.url} alt={first.cover?.alt ?? ''} placeholder={t('card.noPhoto')} />
            <div className="flex flex-1 flex-col gap-1 p-4">
              <h3 className="font-semibold">
                {entry.type === 'room' ? (
                  <PreloadLink to={hrefOf(entry.room)} className="hover:underline">
                    {entry.room.name}
                  </PreloadLink>
                ) : (
                  entry.group
                )}
              </h3>
              <p className="text-ink-soft flex items-center gap-1 text-sm">
                <KindIcon kind={first.kind} className="size-4" />
                {t(`kinds.${first.kind}`)}
                {' · '}
                {entry.type === 'room'
                  ? t('capacity', { count: entry.room.capacity })
                  : t('card.desks', { count: entry.desks.length })}
              </p>
              <p className="mt-auto pt-2 font-semibold">
                {priceText(entry.type === 'room' ? entry.room.prices.fromCents : cheapest(entry.desks))}
              </p>
              {entry.type === 'desks' ? (
                <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                  {entry.desks.map((desk) => (
                    <li key={desk.id}>
                      <PreloadLink
                        to={hrefOf(desk)}
                        className="border-line hover:bg-muted inline-block rounded-full border px-3 py-1"
                      >
                        {desk.name.replace(`${entry.group} · `, '')}
                      </PreloadLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
