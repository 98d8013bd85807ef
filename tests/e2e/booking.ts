import type { Locator, Page } from '@playwright/test';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot } from './fixtures';

/**
 * Booking data for browser tests, read through the public API as the pages read it: demo rooms and spaces
 * by name, and free starts (the demo bookings move with today's date, so a test asks rather than guesses).
 */

/** A demo space's id and its rooms, by its slug. */
async function spaceOf(page: Page, spaceSlug: string) {
  return callApi<{ id: string; rooms: Array<{ id: string; name: string }> }>(page, 'spaces.get', {
    ref: spaceSlug,
  });
}

export async function spaceIdOf(page: Page, spaceSlug: string): Promise<string> {
  return (await spaceOf(page, spaceSlug)).id;
}

/** A demo room's id, by its space's slug and its name. */
export async function roomId(page: Page, spaceSlug: string, roomName: string): Promise<string> {
  const room = (await spaceOf(page, spaceSlug)).rooms.find((candidate) => candidate.name === roomName);
  if (!room) throw new Error(`no room ${roomName} in ${spaceSlug}`);
  return room.id;
}

/** Today in Paris plus `days`, as `YYYY-MM-DD` (the demo spaces are in France). */
export function parisDate(days = 0, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
}

/** An instant as the wall-clock date and time of Paris: `{ date: '2026-03-09', time: '10:00' }`. */
export function parisDateTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date: parisDate(0, at), time };
}

interface Availability {
  days: Array<{ date: string; free: Array<{ start: string; end: string }> }>;
  slots: Array<{ startsAt: string; date: string; state: string }>;
}

export async function availabilityOf(page: Page, room: string, from: string, to: string) {
  return callApi<Availability>(page, 'reservations.getAvailability', { roomId: room, from, to });
}

/** The earliest start between `from` and `to` from which `minutes` are free in the room. */
export async function firstFreeStart(
  page: Page,
  room: string,
  { from, to, minutes }: { from: string; to: string; minutes: number },
): Promise<string> {
  const availability = await availabilityOf(page, room, from, to);
  const free = availability.days.flatMap((day) => day.free);
  const slot = availability.slots.find(
    (candidate) =>
      candidate.state === 'free' &&
      free.some(
        (part) =>
          Date.parse(part.start) <= Date.parse(candidate.startsAt) &&
          Date.parse(candidate.startsAt) + minutes * 60_000 <= Date.parse(part.end),
      ),
  );
  if (!slot) throw new Error(`no ${minutes} free minutes between ${from} and ${to}`);
  return slot.startsAt;
}

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Runs axe on the page at a desktop's size then a phone's, keeping a screenshot of each
 * (`<name>-desktop`, `<name>-phone`), and leaves the page at the size it found it.
 */
export async function checkAtBothSizes(page: Page, name: string) {
  await checkAtSizes(page, name, ['desktop', 'phone']);
}

/**
 * The same at the sizes given: a journey audits a screen it already audited at both sizes in the other language
 * at one size only (issue 26: each screen audited once per language and size across the suite is enough).
 */
export async function checkAtSizes(page: Page, name: string, sizes: ReadonlyArray<keyof typeof SIZES>) {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `${name}-${size}`);
  }
  if (before) await page.setViewportSize(before);
}

/** Picks the first free start the booking calendar shows, moving on a day or a week until there is one. */
export async function pickAnyFreeStart(booking: Locator) {
  const free = booking.locator('[role="gridcell"][data-state="free"]');
  for (let attempt = 0; attempt < 14; attempt++) {
    await expect(
      booking
        .getByRole('grid')
        .or(booking.getByText(/^(Aucun créneau|No slots?) /))
        .first(),
    ).toBeVisible();
    if ((await free.count()) > 0) break;
    await booking
      .getByRole('button', { name: /^(Jour suivant|Semaine suivante|Next day|Next week)$/ })
      .click();
  }
  await free.first().click();
  await expect(free.first()).toHaveAttribute('aria-selected', 'true');
}

/** Closes the cookie banner when it shows (it would cover the page's bottom). */
export async function refuseCookies(page: Page) {
  const refuse = page.getByRole('button', { name: /^(Refuser|Refuse)$/ });
  if (await refuse.isVisible()) await refuse.click();
}

/** Opens a room page on next week's calendar (clear of lead times); returns its booking region. */
export async function openNextWeek(page: Page, navigate: (path: string) => Promise<void>, path: string) {
  await navigate(path);
  await refuseCookies(page);
  const booking = page.getByRole('region', { name: /^(Réserver|Book)$/ });
  await booking.getByRole('button', { name: /^(Semaine|Week)$/ }).click();
  await booking.getByRole('button', { name: /^(Semaine suivante|Next week)$/ }).click();
  return booking;
}

/**
 * Opens the room page on next week (clear of lead times) and picks the earliest start from which
 * `minutes` are free (the demo bookings move with today's date); returns it.
 */
export async function pickFreeStart(
  page: Page,
  navigate: (path: string) => Promise<void>,
  path: string,
  minutes = 60,
) {
  const { booking, starts } = await freeStarts(page, navigate, path, minutes);
  const startsAt = starts[0];
  if (!startsAt) throw new Error(`no ${minutes} free minutes next week`);
  const cell = booking.locator(`[role="gridcell"][data-starts-at="${startsAt}"]`);
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  return { booking, startsAt };
}

/**
 * Opens the room page on next week and lists, earliest first, every start from which `minutes` are free
 * (the demo bookings move with today's date and hour).
 */
export async function freeStarts(
  page: Page,
  navigate: (path: string) => Promise<void>,
  path: string,
  minutes: number,
) {
  const booking = await openNextWeek(page, navigate, path);
  await expect(booking.locator('[role="gridcell"][data-state="free"]').first()).toBeVisible();
  const starts = await booking.getByRole('grid').evaluate((grid, wanted) => {
    const cells = [...grid.querySelectorAll<HTMLElement>('[role="gridcell"][data-starts-at]')].map(
      (cell) => ({
        at: Date.parse(cell.dataset.startsAt!),
        iso: cell.dataset.startsAt!,
        free: cell.dataset.state === 'free',
      }),
    );
    const free = new Set(cells.filter((cell) => cell.free).map((cell) => cell.at));
    const times = [...new Set(cells.map((cell) => cell.at))].sort((a, b) => a - b);
    const step = Math.min(...times.slice(1).map((time, index) => time - times[index]!));
    const span = Math.ceil((wanted * 60_000) / step);
    return cells
      .filter((cell) => Array.from({ length: span }, (_, k) => cell.at + k * step).every((t) => free.has(t)))
      .sort((a, b) => a.at - b.at)
      .map((cell) => cell.iso);
  }, minutes);
  return { booking, starts };
}
