import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { firstFreeStart, parisDate, refuseCookies, roomId, spaceIdOf } from './booking';
import { setAppClock } from './clock';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';

/**
 * Check-in (issue 33): the demo member books a room, comes back five minutes before the start (the app's
 * clock), reads the booking's check-in code and window on /reservations, says "Je suis là", and reads that
 * it is checked in, in French then English; axe clean both times. The window's edges, the release, the
 * refunds and the races are tested on the database (server/features/reservations/check-in.test.ts).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.afterEach(() => setAppClock(null));

async function shoot(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a member checks in from /reservations a few minutes before the start, fr and en', async ({
  page,
  navigate,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'member');
  const title = `Arrivée ${crypto.randomUUID().slice(0, 6)}`;
  const room = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  const startsAt = await firstFreeStart(page, room, {
    from: parisDate(2),
    to: parisDate(16),
    minutes: 60,
  });
  const booked = await callApi<{ id: string; checkIn: { code: string } }>(page, 'reservations.create', {
    roomId: room,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 60 * 60_000).toISOString(),
    attendees: 1,
    title,
    idempotencyKey: `e2e-${crypto.randomUUID()}`,
  });
  setAppClock(new Date(Date.parse(startsAt) - 5 * 60_000));

  // The space's manager sees the arrival on the planning of that day, with its button and the policy form.
  const manager = await browser.newContext({ baseURL: appOrigin(), viewport: DESKTOP });
  const managerPage = await manager.newPage();
  await signInAs(managerPage, 'manager');
  const spaceId = await spaceIdOf(managerPage, 'acme-coworking-paris');
  await managerPage.goto(
    `/reservations?view=planning&space=${spaceId}&date=${parisDate(0, new Date(startsAt))}`,
  );
  await refuseCookies(managerPage);
  const arrivals = managerPage.getByRole('region', { name: 'Arrivées à enregistrer' });
  await expect(
    arrivals.getByRole('button', { name: 'Enregistrer l’arrivée de Camille Martin' }),
  ).toBeVisible();
  await expect(managerPage.getByLabel('Libérer les réservations sans arrivée enregistrée')).not.toBeChecked();
  await shoot(managerPage, 'check-in-planning-fr');
  await manager.close();

  await navigate('/reservations');
  await refuseCookies(page);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByTestId('check-in-code')).toHaveText(booked.checkIn.code);
  await expect(card).toContainText('Enregistrez votre arrivée à partir du');
  await shoot(page, 'check-in-open-fr');

  await card.getByRole('button', { name: 'Je suis là' }).click();
  await expect(page.getByText('Arrivée enregistrée.', { exact: true })).toBeVisible();
  await expect(card).toContainText(/Arrivée enregistrée à \d{2}:\d{2}\./);
  await expect(card.getByRole('button', { name: 'Je suis là' })).toHaveCount(0);
  await shoot(page, 'check-in-done-fr');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My reservations');
  await expect(card).toContainText(/Checked in at \d{1,2}:\d{2}/);
  await shoot(page, 'check-in-done-en');
  // Back to French: the choice is kept in the member's profile, which the other tests expect in French.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
