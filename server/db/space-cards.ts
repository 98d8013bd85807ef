import { sql, type SQL } from 'drizzle-orm';
import { parameterList } from './sql-lists';
import type { SpaceAmenity } from '#contract/amenities';
import type { Locale } from '#contract/locale';
import type { RoomKind } from '#contract/rooms';
import { photoOf } from '#contract/photos';
import type { TSpaceCard } from '#contract/spaces';

/** The columns of a space card, for a query over `spaces s` (plus the cover's lateral join). */
export const CARD_COLUMNS = sql`
  s.id, s.slug, s.name, s.city, s.postcode, s.latitude, s.longitude, s.color, s.amenities,
  cover.id AS cover_id, cover.file_key AS cover_key, cover.alt_fr AS cover_alt_fr, cover.alt_en AS cover_alt_en`;

/** The first photo of space `s`. */
export const COVER_JOIN = sql`
  LEFT JOIN LATERAL (
    SELECT p.id, p.file_key, p.alt_fr, p.alt_en FROM space_photos p
    WHERE p.space_id = s.id ORDER BY p.position, p.created_at LIMIT 1
  ) cover ON true`;

/** Room figures of space `s` over its offered rooms: count, largest, cheapest, kinds. */
export const ROOM_FIGURES_JOIN = sql`
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS room_count, max(r.capacity) AS max_capacity,
      min(r.from_price_incl_vat_cents) AS from_price, array_agg(DISTINCT r.kind) AS kinds
    FROM rooms r WHERE r.space_id = s.id AND r.archived_at IS NULL
  ) figures ON true`;

export const FIGURE_COLUMNS = sql`figures.room_count, figures.max_capacity, figures.from_price, figures.kinds`;

export interface CardRow extends Record<string, unknown> {
  id: string;
  slug: string;
  name: string;
  city: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  color: string | null;
  amenities: string[];
  cover_id: string | null;
  cover_key: string | null;
  cover_alt_fr: string | null;
  cover_alt_en: string | null;
  room_count: number | null;
  max_capacity: number | null;
  from_price: number | null;
  kinds: string[] | null;
}

export function cardOf(row: CardRow, locale: Locale): TSpaceCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    color: row.color,
    amenities: row.amenities as SpaceAmenity[],
    cover:
      row.cover_id && row.cover_key
        ? photoOf(
            {
              id: row.cover_id,
              fileKey: row.cover_key,
              altFr: row.cover_alt_fr ?? '',
              altEn: row.cover_alt_en ?? '',
            },
            locale,
          )
        : null,
    kinds: ((row.kinds ?? []).filter(Boolean) as RoomKind[]).sort(),
    roomCount: row.room_count ?? 0,
    maxCapacity: row.max_capacity,
    fromPriceCents: row.from_price === null ? null : Number(row.from_price),
  };
}

export function joinSql(parts: SQL[], separator: string): SQL {
  return sql.join(parts, sql.raw(separator));
}

/** A `text[]` parameter (drizzle would otherwise spread an array into a list). */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${parameterList(values)}]::text[]`;
}

const ACCENTED = "àáâäãåçéèêëíìîïñóòôöõúùûüýÿœæ’'";
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoa';

/**
 * A name as lists sort it, the same on every database: lower case, French accents folded, apostrophes
 * dropped, compared byte by byte (PGlite and PostgreSQL servers may not share a collation).
 */
export function nameSortKey(column: SQL): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) COLLATE "C"`;
}
