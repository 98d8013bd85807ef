import { z } from './zod';
import { ZSpaceAmenity } from './amenities';
import { defineCallable } from './callable';
import { ZText } from './input';
import { ZPhoto } from './photos';
import { ZRoomKind, ZRoomSummary, ZSpaceRef } from './rooms';
import { countedPageFields, ZPage } from './pagination';
import { SPACE_LIST_SORTS, SPACE_STATUSES } from './spaces.plain';

export * from './spaces.plain';

export const ZSpaceStatus = z.enum(SPACE_STATUSES);

/** `HH:MM`, 00:00 to 24:00 (24:00 closes at midnight). */
export const ZClockTime = ZText.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'time');

/** ISO weekday: 1 Monday … 7 Sunday. */
export const ZWeekday = z.number().int().min(1).max(7);

export const ZOpeningInterval = z.object({ weekday: ZWeekday, opens: ZClockTime, closes: ZClockTime });
export type TOpeningInterval = z.infer<typeof ZOpeningInterval>;

export const ZClosure = z.object({ startsOn: z.string(), endsOn: z.string(), label: z.string() });
export type TClosure = z.infer<typeof ZClosure>;

/** A space as lists, cards and map markers show it. */
export const ZSpaceCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  color: z.string().nullable(),
  cover: ZPhoto.nullable(),
  amenities: z.array(ZSpaceAmenity),
  kinds: z.array(ZRoomKind),
  roomCount: z.number().int(),
  maxCapacity: z.number().int().nullable(),
  /** Cheapest "from" price with VAT among its rooms, in cents. */
  fromPriceCents: z.number().int().nullable(),
});
export type TSpaceCard = z.infer<typeof ZSpaceCard>;

export const ZSpaceDetail = ZSpaceCard.extend({
  description: z.string(),
  addressLine: z.string(),
  country: z.string(),
  timeZone: z.string(),
  subdomain: z.string().nullable(),
  photos: z.array(ZPhoto),
  openingHours: z.array(ZOpeningInterval),
  /** Closures that have not ended yet, soonest first. */
  closures: z.array(ZClosure),
  rooms: z.array(ZRoomSummary),
  status: ZSpaceStatus,
  updatedAt: z.string(),
});
export type TSpaceDetail = z.infer<typeof ZSpaceDetail>;

export const ZSpaceListSort = z.enum(SPACE_LIST_SORTS);

/** A published space by slug or id. A space that is not published is `not-found` for the public. */
export const getSpace = defineCallable({
  name: 'spaces.get',
  input: z.object({ ref: ZSpaceRef }),
  output: ZSpaceDetail,
  mutates: false,
  access: 'public',
});

export const listSpaces = defineCallable({
  name: 'spaces.list',
  input: z.object({ sort: ZSpaceListSort.default('name'), page: ZPage }),
  output: z.object({ items: z.array(ZSpaceCard), ...countedPageFields }),
  mutates: false,
  access: 'public',
});

/** A few published spaces for the home page: the latest published, one per city first. */
export const featuredSpaces = defineCallable({
  name: 'spaces.featured',
  input: z.object({ limit: z.number().int().min(1).max(12).default(6) }),
  output: z.array(ZSpaceCard),
  mutates: false,
  access: 'public',
});

/** The cities that have published spaces, for the search box's suggestions. */
export const listCities = defineCallable({
  name: 'spaces.cities',
  input: z.object({}),
  output: z.array(z.object({ city: z.string(), spaceCount: z.number().int() })),
  mutates: false,
  access: 'public',
});

/** Every public page of the catalogue with its last change, for `/sitemap.xml`. */
export const listSitemapEntries = defineCallable({
  name: 'spaces.sitemap',
  input: z.object({}),
  output: z.array(
    z.object({
      slug: z.string(),
      updatedAt: z.string(),
      rooms: z.array(z.object({ id: z.string(), updatedAt: z.string() })),
    }),
  ),
  mutates: false,
  access: 'public',
});
