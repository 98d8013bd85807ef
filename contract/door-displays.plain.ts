/**
 * A room's door display (docs/decisions/035-door-displays.md), without a schema: the display page loads this
 * first, so zod stays out of its JavaScript. `contract/door-displays.ts` re-exports it with its schemas.
 *
 * The server sends the day's agenda and its own time; the page works out free / busy / free soon and the
 * time until the next change itself, every few seconds, so the state it shows follows the clock between two
 * polls and the server answers most polls with 304 Not Modified.
 */
import { callableRef } from './callable';
import type { checkInAtDisplay } from './door-displays';
import type { Locale } from './locale';

/** How often a display asks for its state: any change shows within this plus one request (≤ 30 s). */
export const DISPLAY_POLL_SECONDS = 15;
/** After a failed poll, how soon it tries again (it shows that it lost the server meanwhile). */
export const DISPLAY_RETRY_SECONDS = 5;
/** A room busy until at most this many minutes from now is "free soon". */
export const FREE_SOON_MINUTES = 15;
/** A display's secret: 256 random bits, base64url. */
export const DISPLAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const MAX_DISPLAY_NAME_LENGTH = 80;

/** Where a display's page and its state are, for its secret. */
export function displayPath(token: string): string {
  return `/display/${token}`;
}
export function displayStatePath(token: string): string {
  return `/api/door-displays/${token}/state`;
}

export type DisplayItemKind = 'booking' | 'event';

/** One entry of the room's agenda for the day (local day of the space). */
export interface TDisplayItem {
  id: string;
  kind: DisplayItemKind;
  startsAt: string;
  endsAt: string;
  /** The booking's title when the space shows titles, an event's title; null: "Réservé". */
  title: string | null;
  /** Released: a no-show, its slot freed (it no longer holds the room). */
  released: boolean;
  checkedIn: boolean;
  /** When "Je suis là" is offered for it (bookings only; null for events and released bookings). */
  checkIn: { opensAt: string; closesAt: string } | null;
}

export interface TDisplayState {
  display: 'active';
  locale: Locale;
  /** The space's colour (`#rrggbb`), or null for the app's. */
  color: string | null;
  spaceName: string;
  roomId: string;
  roomName: string;
  timeZone: string;
  /** The server's time when it answered: the page keeps its offset to it (test clocks, wrong tablet clocks). */
  now: string;
  agenda: TDisplayItem[];
  /** The room's next bookable start (today or after), and its page with that start chosen. */
  nextFree: { startsAt: string; url: string } | null;
  /** A QR code of `nextFree.url` (or of the room's page): an SVG path on a `size`×`size` grid of modules. */
  qr: { size: number; path: string };
}

export interface TDisplayRevoked {
  display: 'revoked';
  locale: Locale;
  roomName: string;
}

export type TDisplayView = TDisplayState | TDisplayRevoked;

export type DisplayPhase = 'free' | 'busy' | 'free-soon';

export interface DisplayStatus {
  phase: DisplayPhase;
  /** The entry holding the room now. */
  current: TDisplayItem | null;
  /** The next entry to start after now. */
  next: TDisplayItem | null;
  /** When the phase changes next (the room frees, or the next entry starts); null: not again today. */
  changeAt: Date | null;
  /** The entry "Je suis là" checks in now: its check-in is open and it is not checked in. */
  checkInTarget: TDisplayItem | null;
}

const time = (value: string) => new Date(value).getTime();

/** What the display says at `now`: the one rule for the page and its server render. */
export function displayStatusOf(agenda: readonly TDisplayItem[], now: Date): DisplayStatus {
  const at = now.getTime();
  const holding = agenda.filter((item) => !item.released).sort((a, b) => time(a.startsAt) - time(b.startsAt));
  const current = holding.find((item) => time(item.startsAt) <= at && at < time(item.endsAt)) ?? null;
  const next = holding.find((item) => time(item.startsAt) > at) ?? null;
  const checkInTarget =
    agenda.find(
      (item) =>
        !item.released &&
        !item.checkedIn &&
        item.checkIn !== null &&
        time(item.checkIn.opensAt) <= at &&
        at < time(item.checkIn.closesAt),
    ) ?? null;
  if (!current) {
    return { phase: 'free', current, next, changeAt: next ? new Date(next.startsAt) : null, checkInTarget };
  }
  // Back-to-back entries keep the room busy: it frees at the end of the last one that follows on.
  let freeAt = time(current.endsAt);
  for (const item of holding) {
    if (time(item.startsAt) <= freeAt && time(item.endsAt) > freeAt) freeAt = time(item.endsAt);
  }
  const phase = freeAt - at <= FREE_SOON_MINUTES * 60_000 ? 'free-soon' : 'busy';
  return { phase, current, next, changeAt: new Date(freeAt), checkInTarget };
}

/** Whole minutes from `now` until `at`, rounded up (a change 30 s away is "in 1 min"). */
export function minutesUntil(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 60_000));
}

/** The header a display's state carries, 200 or 304: the server's time then (its clock is the rules'). */
export const SERVER_TIME_HEADER = 'X-Server-Time';

/** "Je suis là", named for the browser without the contract's schemas. */
export const checkInAtDisplayRef = callableRef<typeof checkInAtDisplay>('doorDisplays.checkIn');
