import type { Translate } from '#contract/translator';
import { PLACE_ICON_NAMES } from './place-icon-names';
import placeIconsUrl from './place-icons.svg?no-inline';
import type { Amenity } from '#contract/amenities';
import type { RoomKind } from '#contract/rooms';

/**
 * A place's icon (an amenity, a kind of room), drawn from the sprite: the page's JavaScript carries its name,
 * not its drawing. Decorative: the words beside it say what it is.
 */
export function PlaceIcon({ name, className }: { name: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`${placeIconsUrl}#${name}`} />
    </svg>
  );
}

/** The icon of a kind of room. */
export function KindIcon({ kind, className }: { kind: RoomKind; className?: string }) {
  return <PlaceIcon name={PLACE_ICON_NAMES.kind[kind]} className={className} />;
}

/** "1 h 30", "45 minutes", "4 heures": a length of time as people say it. */
export function durationLabel(minutes: number, t: Translate): string {
  if (minutes < 60) return t('spaces:duration.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return t('spaces:duration.hours', { count: hours });
  return t('spaces:duration.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') });
}

/** The amenities as a list with icons. */
function AmenityList({ amenities, t }: { amenities: Amenity[]; t: Translate }) {
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {amenities.map((amenity) => {
        return (
          <li key={amenity} className="flex items-center gap-2">
            <PlaceIcon
              name={PLACE_ICON_NAMES.amenity[amenity]}
              className="text-primary-ink size-5 shrink-0"
            />
            <span>{t(`spaces:amenities.${amenity}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A space's or a room's equipment under its heading (`id`); nothing when there is none. */
export function AmenitiesSection({
  id,
  title,
  amenities,
  t,
}: {
  id: string;
  title: string;
  amenities: Amenity[];
  t: Translate;
}) {
  if (!amenities.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      <AmenityList amenities={amenities} t={t} />
    </section>
  );
}
