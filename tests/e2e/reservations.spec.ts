import type { Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { appOrigin, DEMO_ACCOUNTS, signInAs } from './accounts';
import {
  availabilityOf,
  checkAtBothSizes,
  openNextWeek,
  pickFreeStart,
  freeStarts,
  refuseCookies,
  firstFreeStart,
  parisDate,
  parisDateTime,
  roomId,
  spaceIdOf,
} from './booking';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';
import { waitForMail } from './mailbox';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shoot(page: Page, name: string, locale: 'fr' | 'en') {
  await page.setViewportSize(DESKTOP);
  await keepScreenshot(page, `${name}-${locale}-desktop`);
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, `${name}-${locale}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** "20260329T090000": an instant as the wall-clock time of Paris, the way an ICS with TZID writes it. */
function parisWallClock(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}${get('month')}${get('day')}T${get('hour')}${get('minute')}${get('second')}`;
}

/** Another person (the demo manager, in a browser context of their own) books `roomId` first. */
async function bookAsSomeoneElse(browser: Browser, roomId: string, startsAt: string, minutes: number) {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'manager');
  const taken = await otherPage.request.post('/api/fn/reservations.create', {
    data: {
      data: {
        roomId,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
        attendees: 1,
        idempotencyKey: `e2e-${randomUUID()}`,
      },
    },
    headers: { Origin: appOrigin() },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  await other.close();
}

test('a member books a demo room, gets the confirmation with a Paris-time ICS, cancels, and the slot is free again', async ({
  page,
  navigate,
}) => {
  await signInAs(page, 'member');
  const id = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  const roomPath = `/spaces/acme-coworking-paris/rooms/${id}`;
  const { booking, startsAt } = await pickFreeStart(page, navigate, roomPath);

  await booking.getByLabel('Durée').selectOption({ label: '1 h' });
  await booking.getByLabel('Participants').fill('3');
  await booking.getByLabel('Objet (facultatif)').fill('Atelier parcours');
  await expect(booking.getByTestId('price-summary')).toBeVisible();
  await expect(booking.getByText('Tarif horaire · 1 h')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-room-booking', 'fr');

  const bookedAt = Date.now();
  await booking.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page).toHaveURL(/\/result\?reservation=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservation confirmée');
  await expect(page.getByText('Atelier parcours')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Google Agenda (ouvre un nouvel onglet)' })).toHaveAttribute(
    'href',
    /calendar\.google\.com.*ctz=Europe%2FParis/,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-result', 'fr');

  // The confirmation e-mail, in French, with an ICS whose times are Paris wall-clock times.
  const mail = await waitForMail(DEMO_ACCOUNTS.member, {
    since: bookedAt,
    subject: /^Réservation confirmée : /,
  });
  expect(mail.subject).toMatch(/^Réservation confirmée : Salle Parmentier, /);
  const ics = mail.attachments.find((attachment) => attachment.filename === 'reservation.ics');
  expect(ics?.content).toContain(`DTSTART;TZID=Europe/Paris:${parisWallClock(startsAt)}`);
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  expect(ics?.content).toContain(`DTEND;TZID=Europe/Paris:${parisWallClock(endsAt)}`);
  expect(ics?.content).toContain('BEGIN:VTIMEZONE');

  // It is on /reservations, with its status and a visible cancel button.
  await navigate('/reservations');
  const card = page.getByRole('article').filter({ hasText: 'Atelier parcours' });
  await expect(card.getByText('Confirmée')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-mine', 'fr');
  await card.getByRole('button', { name: 'Annuler' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Oui, annuler' }).click();
  // Cancelled, it leaves the upcoming ones for the past ones, with its status and nothing left to do.
  const upcoming = page.getByRole('region', { name: 'À venir' });
  await expect(upcoming.getByRole('article').filter({ hasText: 'Atelier parcours' })).toHaveCount(0);
  const cancelled = page
    .getByRole('region', { name: 'Historique' })
    .getByRole('article')
    .filter({ hasText: 'Atelier parcours' })
    .first();
  await expect(cancelled.getByText('Annulée')).toBeVisible();
  await expect(cancelled.getByRole('button', { name: 'Annuler' })).toHaveCount(0);
  await page.reload();
  await expect(upcoming.getByRole('article').filter({ hasText: 'Atelier parcours' })).toHaveCount(0);

  // The slot is free again on the room's calendar.
  const again = await openNextWeek(page, navigate, roomPath);
  await expect(again.locator(`[role="gridcell"][data-starts-at="${startsAt}"]`)).toHaveAttribute(
    'data-state',
    'free',
  );

  // On a phone, the day view: on to the next day the space is open (the day it opens on may be a weekend's).
  await page.setViewportSize(PHONE);
  await again.getByRole('button', { name: 'Jour', exact: true }).click();
  const dayGrid = again.getByRole('grid');
  for (let day = 0; day < 7; day++) {
    await again.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(dayGrid.or(again.getByText(/^Aucun créneau ce jour-là/)).first()).toBeVisible();
    if (await dayGrid.isVisible()) break;
  }
  await expect(dayGrid).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'reservations-room-day-fr-phone');
});

test('a room that requires approval: the member requests, a manager approves from the queue, the member is told', async ({
  page,
  navigate,
}) => {
  await signInAs(page, 'member');
  const id = await roomId(page, 'la-ruche-lyon', 'La Grande Halle');
  const { booking } = await pickFreeStart(page, navigate, `/spaces/la-ruche-lyon/rooms/${id}`);
  await booking.getByLabel('Objet (facultatif)').fill('Conférence parcours');
  await expect(booking.getByText('Total TTC')).toBeVisible();
  await booking.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demande envoyée');
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signInAs(page, 'manager');
  await navigate('/reservations?view=approvals');
  await expect(page.getByRole('heading', { name: 'Demandes à valider', level: 2 })).toBeVisible();
  const request = page.getByRole('article').filter({ hasText: 'Conférence parcours' });
  await expect(request.getByText(`Demandée par Camille Martin (${DEMO_ACCOUNTS.member})`)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-approvals', 'fr');
  const approvedAt = Date.now();
  await request.getByRole('button', { name: 'Accepter' }).click();
  await expect(request).toHaveCount(0);

  const mail = await waitForMail(DEMO_ACCOUNTS.member, {
    since: approvedAt,
    subject: /^Demande acceptée : /,
  });
  expect(mail.subject).toMatch(/^Demande acceptée : La Grande Halle, /);
  expect(mail.attachments[0]?.content).toContain('DTSTART;TZID=Europe/Paris:');

  // The manager's planning of the space shows the day's bookings of every room.
  // The planning opens on today; next Monday shows a working day of La Ruche, where the manager works too.
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  const spaces = await page.request.post('/api/fn/reservations.listManagedSpaces', {
    data: { data: {} },
    headers: { Origin: appOrigin() },
  });
  const { result: managed } = (await spaces.json()) as { result: Array<{ id: string; slug: string }> };
  const ruche = managed.find((space) => space.slug === 'la-ruche-lyon')!;
  await navigate(`/reservations?view=planning&space=${ruche.id}&date=${monday.toISOString().slice(0, 10)}`);
  await expect(page.getByRole('heading', { name: /^La Ruche Lyon · Lundi/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Salles et réservations du jour' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-planning', 'fr');
});

test('the calendar is usable with the keyboard and names the space’s zone to a visitor elsewhere', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await untilHydrated(page);
  const id = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
  await page.goto(`/spaces/acme-coworking-paris/rooms/${id}`);
  await untilHydrated(page);
  await refuseCookies(page);
  await page.getByRole('button', { name: 'English' }).click();
  const booking = page.getByRole('region', { name: 'Book' });
  await expect(
    booking.getByText('Times are Paris time (Europe/Paris), the space’s time zone.'),
  ).toBeVisible();
  await booking.getByRole('button', { name: 'Week', exact: true }).click();
  await booking.getByRole('button', { name: 'Next week' }).click();

  const grid = booking.getByRole('grid');
  const first = grid.locator('[role="gridcell"][tabindex="0"]');
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const focused = grid.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveCount(1);
  // Walk with the arrows to the week's first free start, then choose it with Enter. Where that start is
  // depends on today's date and hour (the demo bookings move with them): it is read from the grid.
  const walk = await grid.evaluate((table) => {
    const rows = [...table.querySelectorAll('tbody tr')];
    const at = (cell: Element) => {
      const row = cell.closest('tr')!;
      return { row: rows.indexOf(row), col: [...row.querySelectorAll('[role="gridcell"]')].indexOf(cell) };
    };
    const from = at(document.activeElement!);
    const to = at(table.querySelector('[role="gridcell"][data-state="free"]')!);
    return { down: to.row - from.row, right: to.col - from.col };
  });
  for (let i = 0; i < Math.abs(walk.right); i++)
    await page.keyboard.press(walk.right > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(walk.down); i++)
    await page.keyboard.press(walk.down > 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(focused).toHaveAttribute('data-state', 'free');
  await page.keyboard.press('Enter');
  await expect(focused).toHaveAttribute('aria-selected', 'true');
  await expect(booking.getByRole('link', { name: 'Sign in to book' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-room-booking', 'en');
  await page.setViewportSize(PHONE);
  await booking.getByRole('button', { name: 'Day', exact: true }).click();
  await booking.getByRole('button', { name: 'Next day' }).click();
  await keepScreenshot(page, 'reservations-room-day-en-phone');
  await context.close();
});

test('English pages: my reservations and a result', async ({ page, navigate }) => {
  await signInAs(page, 'member');
  await navigate('/reservations');
  await refuseCookies(page);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My reservations');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await page.getByRole('button', { name: 'Create a subscription link' }).click();
  const feed = page.getByLabel('Subscription address (secret)');
  await expect(feed).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const response = await page.request.get(await feed.inputValue());
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await response.text()).toContain('BEGIN:VCALENDAR');
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-mine', 'en');

  const first = page.getByRole('article').first();
  const link = await first.getByRole('link').first().getAttribute('href');
  expect(link).toMatch(/\/rooms\//);
  const anyUpcoming = await page.request.post('/api/fn/reservations.listMine', {
    data: { data: { scope: 'upcoming' } },
    headers: { Origin: appOrigin() },
  });
  const { result } = (await anyUpcoming.json()) as { result: { items: Array<{ id: string }> } };
  await navigate(`/result?reservation=${result.items[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Booking confirmed|Request sent/);
  await expectNoAxeViolations(page);
  await shoot(page, 'reservations-result', 'en');
  // Back to French: the choice is kept in the member's profile, which the other tests expect in French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a slot taken meanwhile: the member is told why and sees the calendar as it is now', async ({
  page,
  navigate,
  browser,
}) => {
  await signInAs(page, 'member');
  const id = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
  const { booking, startsAt } = await pickFreeStart(
    page,
    navigate,
    `/spaces/acme-coworking-paris/rooms/${id}`,
  );
  await expect(booking.getByTestId('price-summary')).toBeVisible();

  // Someone else books that very slot first.
  await bookAsSomeoneElse(browser, id, startsAt, 60);

  await booking.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(booking.getByRole('alert')).toHaveText(
    'Ce créneau vient d’être réservé par quelqu’un d’autre. Le calendrier est à jour : choisissez un autre horaire.',
  );
  await expect(booking.locator(`[role="gridcell"][data-starts-at="${startsAt}"]`)).toHaveAttribute(
    'data-state',
    'booked',
  );
  await expect(page).toHaveURL(new RegExp(`/rooms/${id}$`));
});

test('"any desk": with the page’s desk taken, the member books the slot and gets another desk of the group', async ({
  page,
  navigate,
  browser,
}) => {
  await signInAs(page, 'member');
  // The demo bookings follow today's date and hour: the page's desk needs a free 4-hour stretch next week
  // that another desk of the group also has free, or "any desk" would have nothing to offer there.
  const desks: Array<{ id: string; path: string; starts: string[] }> = [];
  for (const desk of ['Open space · Poste 1', 'Open space · Poste 2', 'Open space · Poste 3']) {
    const deskId = await roomId(page, 'acme-coworking-paris', desk);
    const path = `/spaces/acme-coworking-paris/rooms/${deskId}`;
    const { starts } = await freeStarts(page, navigate, path, 240).catch(() => ({ starts: [] as string[] }));
    desks.push({ id: deskId, path, starts });
  }
  let found: { id: string; deskPath: string; startsAt: string } | undefined;
  for (const desk of desks) {
    const elsewhere = new Set(desks.filter((other) => other !== desk).flatMap((other) => other.starts));
    const startsAt = desk.starts.find((start) => elsewhere.has(start));
    if (startsAt) {
      found = { id: desk.id, deskPath: desk.path, startsAt };
      break;
    }
  }
  if (!found) throw new Error('no two demo desks share 4 free hours next week');
  const { id, deskPath, startsAt } = found;

  // Someone else takes this desk at that time, for the desks' shortest length (4 h).
  await bookAsSomeoneElse(browser, id, startsAt, 240);

  const booking = await openNextWeek(page, navigate, deskPath);
  const cell = booking.locator(`[role="gridcell"][data-starts-at="${startsAt}"]`);
  await expect(cell).toHaveAttribute('data-state', 'booked');
  await booking.getByLabel('N’importe quel poste libre de « Open space »').check();
  await expect(cell).toHaveAttribute('data-state', 'free');
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  await expect(booking.getByTestId('price-summary')).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'reservations-any-desk-fr-desktop');
  await booking.getByRole('button', { name: 'Confirmer la réservation' }).click();

  await expect(page).toHaveURL(/\/result\?reservation=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservation confirmée');
  await expect(page.getByText(/Open space · Poste [234]/).first()).toBeVisible();
  await expect(page.getByText('Open space · Poste 1')).toHaveCount(0);
});

/** Sets a space's free-cancellation limit, as its manager (`page` signed in as one). */
async function setFreeCancellationHours(page: Page, spaceId: string, hours: number) {
  const response = await page.request.post('/api/fn/reservations.updatePolicy', {
    data: { data: { spaceId, freeCancellationHours: hours } },
    headers: { Origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
}

/** The demo manager in a browser context of their own, cookies answered (close it after). */
async function managerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await signInAs(page, 'manager');
  await openHydrated(page, '/');
  await refuseCookies(page);
  return page;
}

test('a booking inside the free-cancellation window: warned before confirming, no past limit after, the member asks the space, which cancels from its queue', async ({
  page,
  navigate,
  browser,
}) => {
  // Two people, two browsers, a booking, a request, a cancellation and axe on each step: a long journey.
  test.slow();
  // With a 30-day limit (720 h), every slot of next week starts inside Acme's free-cancellation window.
  const manager = await managerPage(browser);
  const acme = await spaceIdOf(manager, 'acme-coworking-paris');
  await setFreeCancellationHours(manager, acme, 720);
  try {
    await signInAs(page, 'member');
    const id = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
    const { booking } = await pickFreeStart(page, navigate, `/spaces/acme-coworking-paris/rooms/${id}`);
    await booking.getByLabel('Objet (facultatif)').fill('Point de dernière minute');
    await expect(booking.getByTestId('price-summary')).toBeVisible();

    // Said before confirming, and tied to the confirm button for screen readers.
    const confirm = booking.getByRole('button', { name: 'Confirmer la réservation' });
    const warning =
      'Pas d’annulation en ligne. Ce créneau commence dans moins de 720 heures, le délai d’annulation gratuite de l’espace : une fois réservé, vous ne pourrez pas l’annuler vous-même. Seul l’espace pourra l’annuler, à votre demande.';
    await expect(booking.locator('#late-cancellation-warning')).toHaveText(warning);
    await expect(confirm).toHaveAccessibleDescription(warning);
    await expect(booking.getByText('Annulation gratuite jusqu’à 720 heures avant le début.')).toHaveCount(0);
    await checkAtBothSizes(page, 'reservations-late-warning-fr');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(booking.locator('#late-cancellation-warning')).toHaveText(
      'No online cancellation. This slot starts within 720 hours, the space’s free-cancellation limit: once booked, you will not be able to cancel it yourself. Only the space can cancel it, at your request.',
    );
    await checkAtBothSizes(page, 'reservations-late-warning-en');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    const bookedAt = Date.now();
    await confirm.click();
    await expect(page).toHaveURL(/\/result\?reservation=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservation confirmée');
    // No "until" already past: what to do instead.
    await expect(page.getByText(/gratuitement jusqu’au/)).toHaveCount(0);
    await expect(
      page.getByText(
        'L’annulation gratuite en ligne est terminée pour cette réservation : en cas d’empêchement, demandez à Acme Coworking de l’annuler, avec le bouton « Demander l’annulation » ci-dessus.',
      ),
    ).toBeVisible();
    const card = page.getByRole('article');
    await expect(
      card.getByText(
        'L’annulation gratuite en ligne est terminée : pour annuler, demandez-le à Acme Coworking.',
      ),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Annuler', exact: true })).toHaveCount(0);
    await checkAtBothSizes(page, 'reservations-late-result-fr');

    // The confirmation e-mail promises no past limit either.
    const confirmation = await waitForMail(DEMO_ACCOUNTS.member, {
      since: bookedAt,
      subject: /^Réservation confirmée : /,
    });
    expect(confirmation.subject).toMatch(/^Réservation confirmée : Salle Parmentier, /);
    expect(confirmation.text).not.toContain('Annulation gratuite jusqu’au');
    expect(confirmation.text).toContain(
      'L’annulation gratuite s’arrête 720 h avant le début : vous ne pouvez pas annuler cette réservation en ligne.',
    );

    // The member's way out: ask the space, with a message.
    const askedAt = Date.now();
    await card.getByRole('button', { name: 'Demander l’annulation' }).click();
    const ask = page.getByRole('dialog', { name: 'Demander à Acme Coworking d’annuler ?' });
    await ask.getByLabel('Message à l’espace (facultatif)').fill('Rendez-vous déplacé, désolée.');
    await checkAtBothSizes(page, 'reservations-ask-to-cancel-fr');
    await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(ask).toHaveCount(0);
    await expect(card.getByText(/^Vous avez demandé l’annulation le /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Demander l’annulation' })).toHaveCount(0);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(card.getByText(/^You asked to cancel on /)).toBeVisible();
    await checkAtBothSizes(page, 'reservations-late-result-en');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    const request = await waitForMail(DEMO_ACCOUNTS.manager, {
      since: askedAt,
      subject: /^Demande d’annulation : /,
    });
    expect(request.subject).toMatch(/^Demande d’annulation : Salle Parmentier, /);
    expect(request.text).toContain('Message : Rendez-vous déplacé, désolée.');

    // The manager cancels it from the queue, with a reason the member receives.
    await openHydrated(manager, '/reservations?view=approvals');
    const asked = manager.getByRole('article').filter({ hasText: 'Point de dernière minute' });
    await expect(
      asked.getByText(
        /^Le membre demande l’annulation \(le .*\)\. Message : « Rendez-vous déplacé, désolée\. »$/,
      ),
    ).toBeVisible();
    await expect(asked.getByText(`Réservée par Camille Martin (${DEMO_ACCOUNTS.member})`)).toBeVisible();
    await checkAtBothSizes(manager, 'reservations-approvals-cancel-request-fr');
    await manager.getByRole('button', { name: 'English' }).click();
    await expect(
      asked.getByText(/^The member asks to cancel \(on .*\)\. Message: “Rendez-vous déplacé, désolée\.”$/),
    ).toBeVisible();
    await checkAtBothSizes(manager, 'reservations-approvals-cancel-request-en');
    await manager.getByRole('button', { name: 'Français' }).click();
    await expect(manager.locator('html')).toHaveAttribute('lang', 'fr');
    await asked.getByRole('button', { name: 'Annuler', exact: true }).click();
    const dialog = manager.getByRole('dialog', { name: 'Annuler cette réservation ?' });
    await expect(dialog).toContainText('réservée par Camille Martin');
    const yes = dialog.getByRole('button', { name: 'Oui, annuler' });
    await expect(yes).toBeDisabled();
    await dialog.getByLabel('Motif (transmis au membre)').fill('Annulée à votre demande, sans frais.');
    const cancelledAt = Date.now();
    await yes.click();
    await expect(asked).toHaveCount(0);
    const told = await waitForMail(DEMO_ACCOUNTS.member, {
      since: cancelledAt,
      subject: /^Réservation annulée : /,
    });
    expect(told.subject).toMatch(/^Réservation annulée : Salle Parmentier, /);
    expect(told.text).toContain('Motif : Annulée à votre demande, sans frais.');
  } finally {
    await setFreeCancellationHours(manager, acme, 24);
    await manager.context().close();
  }
});

test('a manager cancels a member’s booking from the planning with a reason, and the member gets the e-mail', async ({
  page,
  navigate,
  browser,
}) => {
  // The member books Salle Voltaire next week (through the API: the booking screens have their tests).
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signInAs(memberPage, 'member');
  const id = await roomId(memberPage, 'acme-coworking-paris', 'Salle Voltaire');
  const startsAt = await firstFreeStart(memberPage, id, {
    from: parisDate(7),
    to: parisDate(13),
    minutes: 60,
  });
  const booked = await memberPage.request.post('/api/fn/reservations.create', {
    data: {
      data: {
        roomId: id,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        attendees: 2,
        title: 'Revue du planning',
        idempotencyKey: `e2e-${randomUUID()}`,
      },
    },
    headers: { Origin: appOrigin() },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  await member.close();

  await signInAs(page, 'manager');
  const acme = await spaceIdOf(page, 'acme-coworking-paris');
  const { date } = parisDateTime(startsAt);
  await navigate(`/reservations?view=planning&space=${acme}&date=${date}`);
  await refuseCookies(page);
  const entry = page.getByRole('button', {
    name: /Camille Martin · Revue du planning · Confirmée · annuler…$/,
  });
  await expect(entry).toBeVisible();
  await checkAtBothSizes(page, 'reservations-planning-cancel-fr');

  await entry.click();
  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toContainText('Salle Voltaire');
  await expect(dialog).toContainText('réservée par Camille Martin');
  await dialog.getByLabel('Motif (transmis au membre)').fill('Salle fermée pour travaux ce jour-là.');
  await checkAtBothSizes(page, 'reservations-planning-cancel-dialog-fr');
  const cancelledAt = Date.now();
  await dialog.getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(dialog).toHaveCount(0);
  // Cancelled, it stays on the day as a struck-out block, no longer an action.
  await expect(entry).toHaveCount(0);
  await expect(page.getByText(/Camille Martin · Revue du planning · Annulée/)).toBeAttached();

  const mail = await waitForMail(DEMO_ACCOUNTS.member, {
    since: cancelledAt,
    subject: /^Réservation annulée : /,
  });
  expect(mail.subject).toMatch(/^Réservation annulée : Salle Voltaire, /);
  expect(mail.text).toContain('Cette réservation est annulée (par l’espace).');
  expect(mail.text).toContain('Motif : Salle fermée pour travaux ce jour-là.');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(/Camille Martin · Revue du planning · Cancelled/)).toBeAttached();
  await checkAtBothSizes(page, 'reservations-planning-cancel-en');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('on a phone the calendar opens on the first day with a free start, not on a day where none is left', async ({
  page,
  navigate,
}) => {
  // La Grande Halle is booked two days ahead at least: today and tomorrow have no free start.
  await page.setViewportSize(PHONE);
  const id = await roomId(page, 'la-ruche-lyon', 'La Grande Halle');
  const fortnight = await availabilityOf(page, id, parisDate(0), parisDate(13));
  const firstFreeDay = fortnight.slots.find((slot) => slot.state === 'free')!.date;
  expect(firstFreeDay > parisDate(1)).toBe(true);

  await navigate(`/spaces/la-ruche-lyon/rooms/${id}`);
  await refuseCookies(page);
  const booking = page.getByRole('region', { name: 'Réserver' });
  await expect(booking.getByRole('button', { name: 'Jour', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const free = booking.locator('[role="gridcell"][data-state="free"]');
  await expect(free.first()).toBeVisible();
  const shownDays = await booking
    .locator('[role="gridcell"][data-starts-at]')
    .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset.startsAt!));
  expect(new Set(shownDays.map((at) => parisDateTime(at).date))).toEqual(new Set([firstFreeDay]));
  await checkAtBothSizes(page, 'reservations-room-first-free-day-fr');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(
    page.getByRole('region', { name: 'Book' }).getByRole('button', { name: 'Day', exact: true }),
  ).toBeVisible();
  await checkAtBothSizes(page, 'reservations-room-first-free-day-en');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
