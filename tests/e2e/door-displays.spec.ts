import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { setAppClock } from './clock';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';

/**
 * A room's door display on a 1024×768 tablet (issue 33, docs/decisions/035-door-displays.md): free, then busy
 * when a booking starts (the app's clock), "Je suis là" with the booking's code, the next booking released by
 * the reservations sweep once its grace period is over (the jobs' clock moved just past the sweep's next run),
 * the notice when the server stops answering and the recovery, the QR code read back to the room's
 * page, and a revoked link's message. The tablet's timers run on Playwright's clock: a poll is a
 * `fastForward`, not a wait.
 */

const MINUTE = 60_000;
const POLL = 16_000;
const ALWAYS_OPEN = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

/**
 * The journey runs on the real time (the sweep's next run is a real minute away) from 2 h before now to now: in
 * Paris that crosses midnight between about 23:30 and 03:30, and the display shows one day. The space is in the
 * first of these French zones where the whole journey is one local day.
 */
const ZONES = ['Europe/Paris', 'America/Martinique', 'Indian/Reunion', 'Pacific/Noumea'];
const localDate = (instant: number, timeZone: string) =>
  new Date(instant).toLocaleDateString('en-CA', { timeZone });
function zoneOfOneDay(from: number, to: number): string {
  return ZONES.find((zone) => localDate(from, zone) === localDate(to, zone))!;
}

/** A space of the admin's own, open day and night (the release happens now, whatever the hour), published. */
async function spaceOpenAllDay(page: Page, timeZone: string) {
  const name = `Le Phare ${randomUUID().slice(0, 6)}`;
  const { id: spaceId } = await callApi<{ id: string }>(page, 'backoffice.createSpace', { name });
  await callApi(page, 'backoffice.updateIdentity', {
    spaceId,
    identity: { name, descriptionFr: 'Un phare pour travailler.', descriptionEn: '', amenities: [] },
  });
  await callApi(page, 'backoffice.updateAddress', {
    spaceId,
    address: {
      addressLine: '1 quai du Phare',
      postcode: '29200',
      city: 'Brest',
      country: 'FR',
      latitude: null,
      longitude: null,
      timeZone,
    },
  });
  await callApi(page, 'backoffice.setOpeningHours', { spaceId, hours: ALWAYS_OPEN });
  await callApi(page, 'backoffice.updateBranding', {
    spaceId,
    branding: { subdomain: null, color: '#0f766e' },
  });
  const roomName = 'Salle Goéland';
  const { id: roomId } = await callApi<{ id: string }>(page, 'backoffice.createRoom', {
    spaceId,
    room: {
      kind: 'meeting_room',
      name: roomName,
      descriptionFr: '',
      descriptionEn: '',
      capacity: 6,
      amenities: [],
      hourlyPriceCents: 3000,
      halfDayPriceCents: null,
      dayPriceCents: null,
      vatRateBasisPoints: 2000,
      minDurationMinutes: 30,
      maxDurationMinutes: 240,
      bookingStepMinutes: 30,
      bufferMinutes: 0,
      leadTimeMinutes: 0,
      horizonDays: 90,
      requiresApproval: false,
      deskGroup: null,
    },
  });
  await callApi(page, 'backoffice.publish', { spaceId });
  // Unclaimed bookings are released 15 minutes after their start.
  await callApi(page, 'reservations.updatePolicy', {
    spaceId,
    freeCancellationHours: 24,
    checkIn: { releaseUnclaimed: true, graceMinutes: 15, noShowRefund: 'none', opensMinutes: 15 },
  });
  return { spaceId, roomId, roomName };
}

async function book(page: Page, roomId: string, startsAt: number, minutes: number, title: string) {
  return callApi<{ id: string; checkIn: { code: string } | null }>(page, 'reservations.create', {
    roomId,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + minutes * MINUTE).toISOString(),
    attendees: 2,
    title,
    idempotencyKey: randomUUID(),
    payWith: 'price',
  });
}

/** The QR code as the tablet shows it, read back from a screenshot. */
async function readQrCode(page: Page): Promise<string | null> {
  const png = await page.getByTestId('display-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/**
 * The test's space, published and open day and night: archived after the test, passed or failed, or it would show
 * in other tests' searches on this lane's data.
 */
let published: { page: Page; spaceId: string } | undefined;
test.afterEach(async () => {
  setAppClock(null);
  if (published) await callApi(published.page, 'backoffice.archive', { spaceId: published.spaceId });
  published = undefined;
});

test('a room’s door display: free, busy, checked in with the code, released, offline and back, QR code, revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin');
  // Two bookings made while the app's clock stood 90 minutes back: A (30 min), then B running until after now.
  // The jobs' clock stands with it: on the real clock the minutely sweep would release both (they began over
  // 15 minutes ago), and A's check-in below would be refused whenever a sweep ran before it.
  const realNow = Date.now();
  const step = 30 * MINUTE;
  const a = Math.ceil((realNow - 90 * MINUTE + MINUTE) / step) * step;
  const timeZone = zoneOfOneDay(a - 20 * MINUTE, realNow + 5 * MINUTE);
  const { spaceId, roomId, roomName } = await spaceOpenAllDay(page, timeZone);
  published = { page, spaceId };

  setAppClock(new Date(a - 20 * MINUTE), { jobs: true });
  const first = await book(page, roomId, a, 30, 'Comité de pilotage');
  await book(page, roomId, a + 30 * MINUTE, 90, 'Revue de code');
  setAppClock(new Date(a - 5 * MINUTE), { jobs: true });

  // The manager makes the room's link in the back office; its address is shown once.
  await page.goto(`/myspaces/${spaceId}/displays`);
  await untilHydrated(page);
  await page.getByLabel('Salle').selectOption({ label: roomName });
  await page.getByLabel('Nom du lien').fill('Tablette porte nord');
  await page.getByRole('button', { name: 'Créer le lien' }).click();
  const address = (await page.getByTestId('display-url').textContent())!;
  expect(address).toMatch(/\/display\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'door-displays-office');

  // The tablet, nobody signed in.
  const tabletContext = await browser.newContext({
    baseURL: appOrigin(),
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
  const tablet = await tabletContext.newPage();
  await tablet.clock.install();
  await tablet.goto(new URL(address).pathname);
  await untilHydrated(tablet);
  const phase = tablet.getByTestId('display-phase');
  await expect(tablet.getByRole('heading', { level: 1 })).toHaveText(roomName);
  await expect(phase).toHaveText('Libre');
  await expect(tablet.getByText(/^Libre jusqu’à \d\d:\d\d · dans 5 minutes$/)).toBeVisible();
  await expectNoAxeViolations(tablet);
  await keepScreenshot(tablet, 'door-displays-free', { fullPage: false });

  // The QR code opens the room's page with its next free start chosen (after B, which ends at a + 2 h).
  const qr = await readQrCode(tablet);
  const next = new Date(a + 120 * MINUTE);
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(next);
  const part = (type: string) => local.find((item) => item.type === type)!.value;
  const { slug: spaceSlug } = await callApi<{ slug: string }>(page, 'backoffice.getSpace', { spaceId });
  expect(qr).toBe(
    `${appOrigin()}/spaces/${spaceSlug}/rooms/${roomId}?date=${part('year')}-${part('month')}-${part('day')}&time=${part('hour')}%3A${part('minute')}`,
  );

  // A starts: at the next poll the room is busy, by colour and by word.
  // Within a poll; a poll that failed under load is retried at the next (the display says so meanwhile).
  setAppClock(new Date(a + MINUTE), { jobs: true });
  await expect(async () => {
    await tablet.clock.fastForward(POLL);
    await expect(phase).toHaveText('Occupé', { timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(tablet.getByText('Réservé').first()).toBeVisible();

  // "Je suis là": a wrong code is refused, the booking's code checks it in.
  await tablet.getByRole('button', { name: 'Je suis là' }).click();
  const code = tablet.getByLabel('Code de la réservation');
  const right = first.checkIn!.code;
  await code.fill(right === '000000' ? '111111' : '000000');
  await tablet.getByRole('button', { name: 'Confirmer ma présence' }).click();
  await expect(tablet.getByRole('alert')).toHaveText('Ce code n’est pas celui de la réservation en cours.');
  await code.fill(right);
  await tablet.getByRole('button', { name: 'Confirmer ma présence' }).click();
  await expect(tablet.getByRole('status').filter({ hasText: 'Présence confirmée' })).toBeVisible();
  await expectNoAxeViolations(tablet);
  await keepScreenshot(tablet, 'door-displays-checked-in', { fullPage: false });

  // Back to the real time: B began over 15 minutes ago and nobody checked in. The reservations sweep (every
  // minute, next run within a minute of now) releases it once the jobs' clock passes that run; the display shows
  // the room free and B released, by itself.
  setAppClock(new Date(Date.now() + MINUTE + 1_000), { jobs: true });
  const released = tablet.getByRole('listitem').filter({ hasText: 'Libérée' });
  await expect(async () => {
    await tablet.clock.fastForward(POLL);
    await expect(released).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(phase).toHaveText('Libre');
  await keepScreenshot(tablet, 'door-displays-released', { fullPage: false });

  // The server stops answering: the display says so, keeps its agenda, and recovers by itself.
  await tablet.route('**/api/door-displays/**', (route) => route.abort('connectionrefused'));
  await tablet.clock.fastForward(POLL);
  const offline = tablet.getByRole('status').filter({ hasText: 'Connexion au serveur perdue' });
  await expect(offline).toBeVisible();
  await expect(released).toBeVisible();
  await expectNoAxeViolations(tablet);
  await keepScreenshot(tablet, 'door-displays-offline', { fullPage: false });
  await tablet.unroute('**/api/door-displays/**');
  await tablet.clock.fastForward(6_000);
  await expect(offline).toBeHidden();

  // The manager revokes the link: the tablet says so at its next poll.
  await page.getByRole('button', { name: 'Révoquer le lien Tablette porte nord' }).click();
  await expect(page.getByText('Révoqué le')).toBeVisible();
  // Within two polls: a server keeps a space's version a few seconds.
  await expect(async () => {
    await tablet.clock.fastForward(POLL);
    await expect(tablet.getByRole('heading', { level: 1 })).toHaveText('Lien d’affichage révoqué', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000, intervals: [3_000] });
  await expectNoAxeViolations(tablet);
  await keepScreenshot(tablet, 'door-displays-revoked', { fullPage: false });
  await tabletContext.close();
});
