import type { Browser, Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import {
  availabilityOf,
  checkAtBothSizes,
  firstFreeStart,
  parisDate,
  parisDateTime,
  refuseCookies,
  roomId,
  spaceIdOf,
} from './booking';
import { expect, keepScreenshot, test, untilHydrated } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * Events (issue 16): the manager creates an event with 2 places in a room and publishes it; three members
 * register and the third is waitlisted; one cancels; the third gets the offer e-mail, follows its link,
 * accepts and is registered; the room's calendar shows the event's time taken and a booking over it is
 * refused `already-exists`; the manager checks people in on a phone. Axe on every page of the feature,
 * French and English, desktop and phone.
 */

const PASSWORD = 'une phrase de passe solide';

/** A new member with a confirmed address, signed in in a context of their own. */
async function newMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: appOrigin() });
  const page = await context.newPage();
  const email = `evenement-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const since = Date.now();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, locale: 'fr' },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await waitForMail(email, { since });
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse confirmée');
  return { page, email, name };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
  await refuseCookies(page);
}

async function switchTo(page: Page, language: 'English' | 'Français') {
  await page.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'fr');
}

test('a manager runs an event of 2 places: the third member is waitlisted, gets the freed place by e-mail and accepts; the room is held', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'manager');
  const acme = await spaceIdOf(page, 'acme-coworking-paris');
  const room = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  // A free hour in the room ten days from now (the demo bookings move with today's date).
  const startsAt = await firstFreeStart(page, room, { from: parisDate(10), to: parisDate(11), minutes: 60 });
  const start = parisDateTime(startsAt);
  const end = parisDateTime(new Date(Date.parse(startsAt) + 3_600_000).toISOString());

  // The manager creates the event in the back office, in the room, with 2 places, and publishes it.
  await open(page, `/myspaces/${acme}?section=events`);
  await expect(page.getByRole('heading', { name: 'Les événements de l’espace' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Nouvel événement' });
  await form.getByLabel('Titre (français)').fill('Atelier vélo');
  await form.getByLabel('Début').fill(`${start.date}T${start.time}`);
  await form.getByLabel('Fin', { exact: true }).fill(`${end.date}T${end.time}`);
  await form.getByLabel('Nombre de places').fill('2');
  await form.getByLabel('Salle').selectOption({ label: 'Salle Parmentier' });
  await form.getByLabel('Description (français, Markdown)').fill('Réparez votre **vélo** avec nous.');
  await checkAtBothSizes(page, 'office-events-fr');
  await form.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/myspaces\/[^/]+\/events\/[0-9a-f-]+$/);
  const eventId = page.url().split('/').at(-1)!;
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Publié', { exact: false }).first()).toBeVisible();
  await checkAtBothSizes(page, 'office-event-fr');
  await switchTo(page, 'English');
  await checkAtBothSizes(page, 'office-event-en');
  await switchTo(page, 'Français');

  // Three members register; the third is waitlisted.
  const members = [
    await newMember(browser, 'Alice Rayon'),
    await newMember(browser, 'Bruno Guidon'),
    await newMember(browser, 'Chloé Selle'),
  ];
  for (const [index, member] of members.entries()) {
    await open(member.page, `/events/${eventId}`);
    await expect(member.page.getByRole('heading', { level: 1 })).toHaveText('Atelier vélo');
    const panel = member.page.getByRole('region', { name: 'Votre inscription' });
    const since = Date.now();
    if (index < 2) {
      await panel.getByRole('button', { name: 'S’inscrire' }).click();
      await expect(panel.getByText('Vous êtes inscrit.')).toBeVisible();
      const mail = await waitForMail(member.email, { since });
      expect(mail.subject).toBe('Inscription confirmée : Atelier vélo');
    } else {
      await panel.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
      await expect(panel.getByText('Vous êtes n° 1 sur la liste d’attente.', { exact: false })).toBeVisible();
      await waitForMail(member.email, { since });
    }
  }
  const third = members[2]!;
  // The calendar file is offered to people holding a place only: not to the one in line.
  const addToCalendar = (member: Page) => member.getByRole('link', { name: 'Ajouter à mon agenda (.ics)' });
  await expect(addToCalendar(members[0]!.page)).toBeVisible();
  await expect(addToCalendar(third.page)).toHaveCount(0);
  await checkAtBothSizes(third.page, 'event-waitlisted-fr');
  await switchTo(third.page, 'English');
  await checkAtBothSizes(third.page, 'event-waitlisted-en');
  await switchTo(third.page, 'Français');

  // The first cancels; the third is offered the place by e-mail, follows the link and accepts.
  const since = Date.now();
  const first = members[0]!.page.getByRole('region', { name: 'Votre inscription' });
  await first.getByRole('button', { name: 'Annuler mon inscription' }).click();
  await expect(first.getByText('Vous avez annulé votre inscription.')).toBeVisible();
  const offer = await waitForMail(third.email, { since, timeoutMs: 30_000 });
  expect(offer.subject).toBe('Une place s’est libérée : Atelier vélo');
  await open(third.page, linkIn(offer, `/events/${eventId}`));
  const panel = third.page.getByRole('region', { name: 'Votre inscription' });
  await expect(panel.getByRole('button', { name: 'Accepter la place' })).toBeFocused();
  await checkAtBothSizes(third.page, 'event-offer-fr');
  await expect(addToCalendar(third.page)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Accepter la place' }).click();
  await expect(panel.getByText('Vous êtes inscrit.')).toBeVisible();
  await expect(addToCalendar(third.page)).toBeVisible();

  // The room's calendar shows the event's hour taken, and a booking over it is refused.
  const availability = await availabilityOf(page, room, start.date, start.date);
  expect(availability.slots.find((slot) => slot.startsAt === startsAt)?.state).not.toBe('free');
  const booking = await third.page.request.post('/api/fn/reservations.create', {
    data: {
      data: {
        roomId: room,
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        attendees: 1,
        title: '',
        idempotencyKey: crypto.randomUUID(),
      },
    },
    headers: { Origin: appOrigin() },
  });
  expect(booking.status()).toBe(409);
  expect(((await booking.json()) as { error: { status: string } }).error.status).toBe('ALREADY_EXISTS');

  // The public page for a visitor: places, calendar file, structured data.
  const visitor = await (await browser.newContext({ baseURL: appOrigin() })).newPage();
  await open(visitor, `/events/${eventId}`);
  await expect(visitor.getByRole('definition').nth(2)).toContainText(/^Complet/);
  await expect(addToCalendar(visitor)).toHaveCount(0);
  const jsonLd = await visitor.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd!)).toMatchObject({
    '@type': 'Event',
    name: 'Atelier vélo',
    maximumAttendeeCapacity: 2,
  });
  const ics = await visitor.request.get(`/api/events/${eventId}.ics`);
  expect(await ics.text()).toContain('DTSTART;TZID=Europe/Paris:');
  await checkAtBothSizes(visitor, 'event-public-fr');
  await switchTo(visitor, 'English');
  await checkAtBothSizes(visitor, 'event-public-en');

  // Check-in at the door, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/myspaces/${acme}/events/${eventId}`);
  const door = page.getByRole('region', { name: 'Pointage à l’entrée' });
  await door.getByLabel('Rechercher un participant').fill('Chloé');
  await door.getByRole('button', { name: 'Pointer Chloé Selle' }).click();
  await expect(door.getByText('Présences pointées : 1 sur 2')).toBeVisible();
  await keepScreenshot(page, 'event-door-phone-fr');
  await checkAtBothSizes(page, 'event-door-fr');
  await switchTo(page, 'English');
  await checkAtBothSizes(page, 'event-door-en');
  await switchTo(page, 'Français');

  // Cancelling the event is asked first, saying who is concerned, and said when done.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Annuler l’événement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler « Atelier vélo » ?' });
  // Bruno holds his place, Chloé came (checked in), Alice left: one person to tell.
  await expect(dialog).toContainText(
    '1 personne a une place : son inscription sera annulée et, si elle a payé, elle sera remboursée. ' +
      '1 personne déjà pointée garde son inscription. Elle recevra un e-mail avec le motif ci-dessous.',
  );
  await checkAtBothSizes(page, 'event-cancel-dialog-fr');
  await dialog.getByRole('button', { name: 'Garder l’événement' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Annuler l’événement' }).click();
  await dialog.getByLabel('Motif (envoyé aux inscrits)').fill('Intervenant malade');
  await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
  await expect(page.getByText('Événement annulé : 1 personne prévenue.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler l’événement' })).toHaveCount(0);
});
