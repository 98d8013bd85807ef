import { sql } from 'drizzle-orm';
import { checkInWindowOf } from '#contract/check-in';
import { addDays, todayIn } from '#contract/dates';
import {
  displayStatusOf,
  type TDisplayItem,
  type TDisplayState,
  type TDisplayView,
} from '#contract/door-displays';
import { AppError } from '#contract/errors';
import type { Locale } from '#contract/locale';
import type { TRoomAvailability } from '#contract/reservations';
import { bookingQueryOf } from '#contract/search.plain';
import { rowsOf } from '../../db/rows';
import { literalList } from '../../db/status-sql';
import { checkInSettingsOfRow } from '../../db/check-in-settings';
import { checkInReservation } from '../../platform/check-in';
import { requireWithinRateLimit } from '../../platform/rate-limit';
import type { ServiceContext } from '../../platform/service-context';
import { hashDisplayToken, isDisplayToken } from './door-displays.service';
import { qrCodePath } from './qr-code';

/**
 * What a door display shows, read with its secret (docs/decisions/035-door-displays.md).
 *
 * A display polls; most polls change nothing. `spaceVersion` hashes every row a space's displays show (the
 * space, its rooms, its display and check-in settings, its revoked links, the day's bookings with their
 * events) in one query; the poll's route keeps it a few seconds per space, so the 200 displays of a space
 * cost one query every few seconds, and answers 304 Not Modified from memory to a display whose ETag still
 * names it (door-displays.routes.ts). A full answer is a display's context (`readDisplayContext`: its room,
 * space and settings) and its room's view (`RoomView`: agenda, next free start, QR code); the route keeps
 * both while the space's version holds, the room's view shared by the room's displays.
 */

/** Statuses of the bookings a display lists for the day: those that held or hold the room, released ones too. */
export const DISPLAYED_STATUSES = ['pending', 'confirmed', 'completed', 'no_show'] as const;
/** How long a QR code's "next free start" may lag the clock (the lead time moves it): one period. */
export const QR_PERIOD_MINUTES = 5;
/**
 * "Je suis là" tries per display: plenty for the people at the door, and a six-digit code cannot be guessed
 * at that pace (a million codes, ten tries every ten minutes).
 */
export const CHECK_IN_ATTEMPTS = { window: 600, max: 10 };
/** How often a display's last poll is written down (the managers' "last seen"): not on every poll. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The QR period `now` falls in: a display gets a full answer at least once per period. */
export function qrPeriodOf(now: Date): number {
  return Math.floor(now.getTime() / (QR_PERIOD_MINUTES * 60_000));
}

/** What the door display feature needs of the reservations feature, given where the app is composed. */
export interface DisplayDeps {
  /** The room's bookable starts (its availability): the first free one is the QR code's. */
  roomAvailability: (
    ctx: ServiceContext,
    input: { roomId: string; from: string; to: string; anyDesk: boolean },
  ) => Promise<TRoomAvailability>;
}

/** The day's bounds in the space's zone, in SQL, around `now`. */
const dayStartSql = (now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone s.time_zone) at time zone s.time_zone)`;
const dayEndSql = (now: Date) =>
  sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone s.time_zone) + interval '1 day') at time zone s.time_zone)`;

/** The version of everything the displays of a space show on the day of `now` (an md5), or null: no such space. */
export async function spaceVersion(ctx: ServiceContext, spaceId: string): Promise<string | null> {
  const [row] = await rowsOf<{ version: string }>(
    ctx.db,
    sql`select md5(concat_ws('|', s::text,
        (select x::text from door_display_settings x where x.space_id = s.id),
        (select p::text from space_booking_policies p where p.space_id = s.id),
        (select string_agg(d.id::text, ',' order by d.id) from door_displays d
          where d.space_id = s.id and d.revoked_at is not null),
        (select string_agg(r::text, ';' order by r.id) from rooms r where r.space_id = s.id),
        (select string_agg(concat_ws(',', b::text, e.status, e.title_fr, e.title_en), ';' order by b.starts_at, b.id)
           from reservations b left join events e on e.id = b.event_id
          where b.space_id = s.id and b.starts_at < ${dayEndSql(ctx.now)} and b.ends_at > ${dayStartSql(ctx.now)}
            and b.status in ${literalList(DISPLAYED_STATUSES)}))) as version
      from spaces s where s.id = ${spaceId}`,
  );
  return row?.version ?? null;
}

/**
 * Writes down that the display asked, when it last did more than a few minutes ago (and in `row`, which the
 * poll's route may keep).
 */
async function touchLastSeen(ctx: ServiceContext, row: DisplayContext) {
  const last = row.last_seen_at ? new Date(row.last_seen_at).getTime() : 0;
  if (ctx.now.getTime() - last < LAST_SEEN_EVERY_MS) return;
  const at = ctx.now.toISOString();
  await ctx.db.execute(sql`update door_displays set last_seen_at = ${at}::timestamptz where id = ${row.id}`);
  row.last_seen_at = at;
}

/** A display's link, room, space and the space's display and check-in settings, on the day of `now`. */
export interface DisplayContext extends Record<string, unknown> {
  id: string;
  space_id: string;
  last_seen_at: string | null;
  room_id: string;
  room_name: string;
  space_name: string;
  space_slug: string;
  color: string | null;
  time_zone: string;
  revoked: boolean;
  show_titles: boolean | null;
  locale: Locale | null;
  release_unclaimed: boolean | null;
  release_grace_minutes: number | null;
  check_in_opens_minutes: number | null;
  day_start: string;
  day_end: string;
}

interface ItemRow extends Record<string, unknown> {
  id: string;
  starts_at: string;
  ends_at: string;
  status: string;
  title: string;
  checked_in_at: string | null;
  event_id: string | null;
  event_status: string | null;
  event_title_fr: string | null;
  event_title_en: string | null;
}

/** The space of the display whose secret is `token` (it never changes), or null: no such display. */
export async function spaceOfDisplay(ctx: ServiceContext, token: string): Promise<string | null> {
  if (!isDisplayToken(token)) return null;
  const [row] = await rowsOf<{ space_id: string }>(
    ctx.db,
    sql`select space_id from door_displays where token_hash = ${hashDisplayToken(token)}`,
  );
  return row?.space_id ?? null;
}

/** The context of the display whose secret is `token`, or null: no such display. */
export async function readDisplayContext(ctx: ServiceContext, token: string): Promise<DisplayContext | null> {
  if (!isDisplayToken(token)) return null;
  const [row] = await rowsOf<DisplayContext>(
    ctx.db,
    sql`select d.id, d.space_id, d.last_seen_at::text as last_seen_at, d.room_id, r.name as room_name, s.name as space_name, s.slug as space_slug, s.color,
        s.time_zone, d.revoked_at is not null as revoked, x.show_titles, x.locale,
        p.release_unclaimed, p.release_grace_minutes, p.check_in_opens_minutes,
        ${dayStartSql(ctx.now)}::text as day_start, ${dayEndSql(ctx.now)}::text as day_end
      from door_displays d
      join rooms r on r.id = d.room_id
      join spaces s on s.id = d.space_id
      left join door_display_settings x on x.space_id = d.space_id
      left join space_booking_policies p on p.space_id = d.space_id
      where d.token_hash = ${hashDisplayToken(token)}`,
  );
  return row ?? null;
}

async function agendaOf(ctx: ServiceContext, row: DisplayContext, locale: Locale): Promise<TDisplayItem[]> {
  const items = await rowsOf<ItemRow>(
    ctx.db,
    sql`select b.id, b.starts_at::text as starts_at, b.ends_at::text as ends_at, b.status, b.title,
        b.checked_in_at::text as checked_in_at, b.event_id, e.status as event_status,
        e.title_fr as event_title_fr, e.title_en as event_title_en
      from reservations b left join events e on e.id = b.event_id
      where b.room_id = ${row.room_id} and b.starts_at < ${row.day_end}::timestamptz
        and b.ends_at > ${row.day_start}::timestamptz and b.status in ${literalList(DISPLAYED_STATUSES)}
      order by b.starts_at, b.id`,
  );
  const settings = checkInSettingsOfRow({
    releaseUnclaimed: row.release_unclaimed,
    graceMinutes: row.release_grace_minutes,
    noShowRefund: null,
    opensMinutes: row.check_in_opens_minutes,
  });
  return items.map((item): TDisplayItem => {
    const startsAt = new Date(item.starts_at).toISOString();
    const endsAt = new Date(item.ends_at).toISOString();
    const released = item.status === 'no_show';
    if (item.event_id) {
      // An event is public once published: its title shows; a draft's does not.
      const title =
        item.event_status === 'published'
          ? (locale === 'en' && item.event_title_en) || item.event_title_fr
          : null;
      return {
        id: item.id,
        kind: 'event',
        startsAt,
        endsAt,
        title,
        released,
        checkedIn: false,
        checkIn: null,
      };
    }
    const window = checkInWindowOf({ startsAt, endsAt }, settings);
    return {
      id: item.id,
      kind: 'booking',
      startsAt,
      endsAt,
      title: row.show_titles && item.title ? item.title : null,
      released,
      checkedIn: item.checked_in_at !== null,
      checkIn:
        item.status === 'confirmed'
          ? { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() }
          : null,
    };
  });
}

/** The room's next bookable start from `now` over a week, or null (closed, not offered, nothing free). */
async function nextFreeOf(ctx: ServiceContext, deps: DisplayDeps, roomId: string, today: string) {
  try {
    const availability = await deps.roomAvailability(ctx, {
      roomId,
      from: today,
      to: addDays(today, 6),
      anyDesk: false,
    });
    const slot = availability.slots.find(
      (candidate) => candidate.state === 'free' && new Date(candidate.startsAt) >= ctx.now,
    );
    return slot ?? null;
  } catch (error) {
    // A room of a space not published is not offered: the display still shows its agenda.
    if (error instanceof AppError && error.code === 'not-found') return null;
    throw error;
  }
}

/** What the display of `token` shows at `now`: its state, or that it was revoked; `not-found` for no such link. */
export async function readDisplay(
  ctx: ServiceContext,
  deps: DisplayDeps,
  input: { token: string; baseUrl: string },
): Promise<TDisplayView> {
  const row = await readDisplayContext(ctx, input.token);
  if (!row) throw new AppError('not-found', 'No such display');
  return displayViewOf(ctx, deps, row, input.baseUrl);
}

/** What every display of a room shows alike at one moment: the day's agenda, the next free start and its QR code. */
export type RoomView = Pick<TDisplayState, 'agenda' | 'nextFree' | 'qr'>;

/** The room's view at the context's `now`: its agenda and its availability read, its QR code drawn. */
async function roomViewOf(
  ctx: ServiceContext,
  deps: DisplayDeps,
  row: DisplayContext,
  baseUrl: string,
): Promise<RoomView> {
  const today = todayIn(row.time_zone, ctx.now);
  const [agenda, slot] = await Promise.all([
    agendaOf(ctx, row, localeOf(row)),
    nextFreeOf(ctx, deps, row.room_id, today),
  ]);
  const roomPage = `${baseUrl}/spaces/${row.space_slug}/rooms/${row.room_id}`;
  const nextFree = slot
    ? {
        startsAt: slot.startsAt,
        url: `${roomPage}${bookingQueryOf({ date: slot.date, time: slot.time, duration: undefined, people: undefined })}`,
      }
    : null;
  return { agenda, nextFree, qr: qrCodePath(nextFree?.url ?? roomPage) };
}

const localeOf = (row: DisplayContext): Locale => row.locale ?? 'fr';

/**
 * What the display of `row` shows at the context's `now`: that it was revoked, or its state. The room's view
 * is made here, or by `sharedRoomView` (given how to make it) when its caller shares it between displays.
 */
export async function displayViewOf(
  ctx: ServiceContext,
  deps: DisplayDeps,
  row: DisplayContext,
  baseUrl: string,
  sharedRoomView?: (make: () => Promise<RoomView>) => Promise<RoomView>,
): Promise<TDisplayView> {
  const locale = localeOf(row);
  if (row.revoked) return { display: 'revoked', locale, roomName: row.room_name };
  await touchLastSeen(ctx, row);
  const make = () => roomViewOf(ctx, deps, row, baseUrl);
  const room = sharedRoomView ? await sharedRoomView(make) : await make();
  return {
    display: 'active',
    locale,
    color: row.color,
    spaceName: row.space_name,
    roomId: row.room_id,
    roomName: row.room_name,
    timeZone: row.time_zone,
    now: ctx.now.toISOString(),
    ...room,
  };
}

/**
 * "Je suis là" on a display: checks in the booking of the display's room whose check-in is open now, with
 * its code. The rule (window, code, status) is the check-in's own (`deps.checkIn`); this only picks the
 * booking the display shows as the one to check in.
 */
export async function checkInAtDisplay(
  ctx: ServiceContext,
  deps: DisplayDeps,
  input: { token: string; code: string; baseUrl: string },
): Promise<TDisplayView> {
  const before = await readDisplay(ctx, deps, input);
  await requireWithinRateLimit(
    ctx.db,
    `door-display-check-in|${hashDisplayToken(input.token)}`,
    CHECK_IN_ATTEMPTS,
  );
  if (before.display === 'revoked') throw new AppError('permission-denied', 'This display was revoked');
  const target = displayStatusOf(before.agenda, ctx.now).checkInTarget;
  if (!target) {
    throw new AppError('failed-precondition', 'No booking to check in now', { reason: 'check-in-not-open' });
  }
  // The check-in's own rule decides (window, status, code): the display only says which booking it shows.
  await checkInReservation(ctx, {
    reservationId: target.id,
    display: { roomId: before.roomId, code: input.code },
  });
  return readDisplay(ctx, deps, input);
}
