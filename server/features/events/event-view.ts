import { sql, type SQL } from 'drizzle-orm';
import type { TEventSummary, TManagedEvent } from '#contract/events';
import { eventPriceOf, instantToLocal } from '#contract/events';
import type { TEventCover } from '#contract/event-cover';
import { photoUrl } from '#contract/photos';
import { fileUrlOf } from '#contract/storage';
import type { EventStatus } from '#contract/events.plain';
import type { RoomKind } from '#contract/rooms.plain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tx } from '../../db/transaction';
import { PLACE_HOLDING_STATUSES } from '#contract/events.plain';
import { statusIn } from '../../db/status-sql';

/**
 * How events are read: one SQL shape for every list and page, with the counts of places taken and of the
 * waitlist computed from the registrations (never stored).
 */

export interface EventRow extends Record<string, unknown> {
  id: string;
  space_id: string;
  room_id: string | null;
  title_fr: string;
  title_en: string;
  description_fr: string;
  description_en: string;
  starts_at: string;
  ends_at: string;
  registration_deadline: string;
  capacity: number;
  members_only: boolean;
  status: EventStatus;
  cancellation_reason: string | null;
  cover_key: string | null;
  cover_alt_fr: string;
  cover_alt_en: string;
  space_slug: string;
  space_name: string;
  space_city: string;
  space_address: string;
  space_postcode: string;
  space_status: string;
  time_zone: string;
  room_name: string | null;
  room_kind: RoomKind | null;
  price_excl_vat_cents: number;
  vat_rate_basis_points: number;
  credit_minutes: number | null;
  schedule_version: number;
  taken: number;
  waiting: number;
  attended: number;
}

/** Places taken (registered, offered, attended) and people in line, for `events` in scope. */
const TAKEN = sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND ${statusIn(sql`r.status`, PLACE_HOLDING_STATUSES)})::int`;
const WAITING = sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND r.status = 'waitlisted')::int`;
const ATTENDED = sql`(SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND r.status = 'attended')::int`;

const COLUMNS = sql`events.id, events.space_id, events.room_id, events.title_fr, events.title_en,
  events.description_fr, events.description_en,
  to_json(events.starts_at) #>> '{}' AS starts_at, to_json(events.ends_at) #>> '{}' AS ends_at,
  to_json(events.registration_deadline) #>> '{}' AS registration_deadline,
  events.capacity, events.members_only, events.status, events.cancellation_reason,
  events.cover_key, events.cover_alt_fr, events.cover_alt_en,
  spaces.slug AS space_slug, spaces.name AS space_name, spaces.city AS space_city,
  spaces.address_line AS space_address, spaces.postcode AS space_postcode, spaces.status AS space_status,
  spaces.time_zone, rooms.name AS room_name, rooms.kind AS room_kind,
  events.price_excl_vat_cents, events.vat_rate_basis_points, events.credit_minutes, events.schedule_version`;

/** Events with their space and room, filtered and ordered by the caller (`events`, `spaces`, `rooms` in scope). */
export async function selectEvents(
  db: Db | Tx,
  where: SQL,
  options: { orderBy?: SQL; limit?: number; counts?: 'places' | 'all' } = {},
): Promise<EventRow[]> {
  const counts =
    options.counts === 'all'
      ? sql`${TAKEN} AS taken, ${WAITING} AS waiting, ${ATTENDED} AS attended`
      : sql`${TAKEN} AS taken, 0 AS waiting, 0 AS attended`;
  return rowsOf<EventRow>(
    db,
    sql`SELECT ${COLUMNS}, ${counts}
        FROM events JOIN spaces ON spaces.id = events.space_id LEFT JOIN rooms ON rooms.id = events.room_id
        WHERE ${where}
        ${options.orderBy ? sql`ORDER BY ${options.orderBy}` : sql``}
        ${options.limit ? sql`LIMIT ${options.limit}` : sql``}`,
  );
}

/**
 * The cover as pages show it: at /media/<key> (public, cached) once the event's page is public, else
 * through /api/files, which lets only those who run its space read it (policy.ts, `mayReadEventCover`).
 */
function coverOf(row: EventRow): TEventCover | null {
  if (!row.cover_key) return null;
  const isPublic = row.status !== 'draft' && row.space_status === 'published';
  return {
    fileKey: row.cover_key,
    url: isPublic ? photoUrl(row.cover_key) : fileUrlOf(row.cover_key),
    altFr: row.cover_alt_fr,
    altEn: row.cover_alt_en,
  };
}

/** What an event announces: its titles, its times (instants as ISO text) and its capacity. */
export function announcedOf(row: EventRow) {
  return {
    titleFr: row.title_fr,
    titleEn: row.title_en,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    registrationDeadline: new Date(row.registration_deadline).toISOString(),
    capacity: row.capacity,
  };
}

export function toSummary(row: EventRow): TEventSummary {
  return {
    id: row.id,
    spaceId: row.space_id,
    ...announcedOf(row),
    placesLeft: Math.max(0, row.capacity - Number(row.taken)),
    membersOnly: row.members_only,
    status: row.status,
    cover: coverOf(row),
    space: {
      id: row.space_id,
      slug: row.space_slug,
      name: row.space_name,
      city: row.space_city,
      addressLine: row.space_address,
      postcode: row.space_postcode,
      timeZone: row.time_zone,
    },
    roomName: row.room_name,
    price: eventPriceOf(Number(row.price_excl_vat_cents), Number(row.vat_rate_basis_points)),
    creditMinutes: row.credit_minutes === null ? null : Number(row.credit_minutes),
  };
}

/** The kind of room a lot must cover to pay for the event: its room's, `event_hall` without a room. */
export function coveredKindOf(row: Pick<EventRow, 'room_kind'>): RoomKind {
  return row.room_kind ?? 'event_hall';
}

export function toManaged(row: EventRow): TManagedEvent {
  return {
    ...toSummary(row),
    roomId: row.room_id,
    descriptionFr: row.description_fr,
    descriptionEn: row.description_en,
    form: {
      startsAt: instantToLocal(row.starts_at, row.time_zone),
      endsAt: instantToLocal(row.ends_at, row.time_zone),
      registrationDeadline: instantToLocal(row.registration_deadline, row.time_zone),
    },
    registeredCount: Number(row.taken),
    waitlistCount: Number(row.waiting),
    attendedCount: Number(row.attended),
    priceExclVatCents: Number(row.price_excl_vat_cents),
    vatRateBasisPoints: Number(row.vat_rate_basis_points),
  };
}

/** What the activity log keeps of an event, so its sentence reads once the event is renamed or gone. */
export function eventDetails(
  row: Pick<EventRow, 'title_fr' | 'starts_at' | 'ends_at' | 'time_zone' | 'space_name'>,
) {
  return {
    eventTitle: row.title_fr,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    timeZone: row.time_zone,
    spaceName: row.space_name,
  };
}

/**
 * Locks an event's row for the rest of the transaction, then reads it with its counts in a new statement:
 * under read committed that statement sees every change committed before the lock was granted (counts read
 * in the locking statement itself could be older). Null when there is no such event.
 */
export async function lockAndReadEvent(tx: Tx, id: string): Promise<EventRow | null> {
  const locked = await rowsOf(tx, sql`SELECT 1 FROM events WHERE id = ${id} FOR UPDATE`);
  if (locked.length === 0) return null;
  const [row] = await selectEvents(tx, sql`events.id = ${id}`, { counts: 'all' });
  return row ?? null;
}
