import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { appOrigin, DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs } from './accounts';
import {
  checkAtBothSizes,
  firstFreeStart,
  parisDate,
  pickFreeStart,
  refuseCookies,
  roomId,
  spaceIdOf,
} from './booking';
import { callApi, demoAccountInFrench } from './factories';
import { expect, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * /activity: a member books and cancels and sees both; the manager of the space sees them with the
 * member's name, filters by kind and downloads the CSV; a member of another space sees none of it.
 */

test('a member sees their booking and its cancellation; the space’s manager sees, filters and exports them; another space’s member sees none of it', async ({
  page,
  navigate,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Atelier activité ${randomUUID().slice(0, 6)}`;

  // The member books a room of Acme through its page, then cancels on /reservations.
  await signInAs(page, 'member');
  const room = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  const { booking } = await pickFreeStart(page, navigate, `/spaces/acme-coworking-paris/rooms/${room}`);
  await booking.getByLabel('Objet (facultatif)').fill(title);
  await expect(booking.getByTestId('price-summary')).toBeVisible();
  await booking.getByRole('button', { name: 'Confirmer la réservation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservation confirmée');
  await navigate('/reservations');
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(card.getByText('Annulée')).toBeVisible();

  // Both on /activity, reached from the account menu, newest first.
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('menuitem', { name: 'Activité' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activité');
  const cancelled = page.getByText(
    /^Vous avez annulé votre réservation de Salle Parmentier \(Acme Coworking/,
  );
  const booked = page.getByText(/^Vous avez réservé Salle Parmentier \(Acme Coworking/);
  await expect(cancelled.first()).toBeVisible();
  await expect(booked.first()).toBeVisible();
  const sentences = await page.locator('main li p[id^="activity-"]').allTextContents();
  expect(sentences.findIndex((text) => text.startsWith('Vous avez annulé'))).toBeLessThan(
    sentences.findIndex((text) => text.startsWith('Vous avez réservé')),
  );
  await expect(
    page.locator('li').filter({ has: cancelled.first() }).getByRole('link', { name: 'Voir la réservation' }),
  ).toHaveAttribute('href', '/reservations');
  await checkAtBothSizes(page, 'activity-member-fr');

  // The same in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity');
  await expect(page.getByText(/^You cancelled your booking of Salle Parmentier/).first()).toBeVisible();
  await expect(page.getByText(/^You booked Salle Parmentier/).first()).toBeVisible();
  await checkAtBothSizes(page, 'activity-member-en');
  await callApi(page, 'profile.setLocale', { locale: 'fr' });

  // The manager of Acme: the space's log, with the member's name; filtered by kind; exported.
  await page.context().clearCookies();
  await signInAs(page, 'manager');
  await navigate('/activity');
  await page
    .getByRole('navigation', { name: 'Affichage' })
    .getByRole('link', { name: 'Espaces que je gère' })
    .click();
  await expect(page).toHaveURL(/scope=spaces/);
  const byMember = page.getByText(/^Camille Martin a réservé Salle Parmentier \(Acme Coworking/).first();
  const cancelledByMember = page
    .getByText(/^Camille Martin a annulé sa réservation de Salle Parmentier \(Acme Coworking/)
    .first();
  await expect(byMember).toBeVisible();
  await expect(cancelledByMember).toBeVisible();
  await expect(
    page.locator('li').filter({ has: byMember }).getByRole('link', { name: 'Voir le planning' }),
  ).toHaveAttribute('href', /\/reservations\?view=planning&space=[0-9a-f-]{36}&date=\d{4}-\d{2}-\d{2}$/);
  await checkAtBothSizes(page, 'activity-manager-fr');

  await page.getByLabel('Type').selectOption({ label: 'Annulation' });
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/kind=reservation.cancelled/);
  await expect(cancelledByMember).toBeVisible();
  await expect(page.getByText(/^Camille Martin a réservé/)).toHaveCount(0);
  await expect(page.locator('main li[data-kind]:not([data-kind="reservation.cancelled"])')).toHaveCount(0);
  await checkAtBothSizes(page, 'activity-manager-filtered-fr');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter en CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activite-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8').slice(1);
  const [header, ...rows] = csv.split('\r\n').filter(Boolean);
  expect(header).toBe(
    'Date;Heure;Fuseau horaire;Espace;Auteur;Personne concernée;Type;Description;Motif;Modifications;Objet;Identifiant de l’objet;N° d’entrée',
  );
  const row = rows.find((line) =>
    line.includes('Camille Martin a annulé sa réservation de Salle Parmentier'),
  );
  expect(row).toMatch(
    /^\d{2}\/\d{2}\/\d{4};\d{2}:\d{2}:\d{2};Europe\/Paris;Acme Coworking[^;]*;Camille Martin;;Annulation;/,
  );
  expect(rows.every((line) => line.split(';')[6] === 'Annulation')).toBe(true);

  // Someone who belongs to another space (La Ruche, Lyon): none of Acme's log reaches them.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  const email = `autre-espace-${randomUUID().slice(0, 8)}@example.com`;
  const since = Date.now();
  const signUp = await stranger.request.post('/api/auth/sign-up/email', {
    data: { name: 'Léa Petit', email, password: DEMO_PASSWORD, locale: 'fr', callbackURL: '/activity' },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await stranger.goto(linkIn(await waitForMail(email, { since }), '/api/auth/verify-email'));
  const ruche = await spaceIdOf(page, 'la-ruche-lyon');
  await callApi(page, 'backoffice.invite', { spaceId: ruche, email, role: 'member' });
  const mine = await callApi<{ invitations: Array<{ id: string }> }>(stranger, 'backoffice.listMySpaces', {});
  await callApi(stranger, 'backoffice.acceptInvitation', { invitationId: mine.invitations[0]!.id });
  const joined = await callApi<{ member: Array<{ slug: string }> }>(stranger, 'backoffice.listMySpaces', {});
  expect(joined.member.map((space) => space.slug)).toEqual(['la-ruche-lyon']);

  const acme = await spaceIdOf(page, 'acme-coworking-paris');
  await stranger.goto(`/activity?scope=spaces&space=${acme}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Activité');
  await expect(stranger.getByRole('navigation', { name: 'Affichage' })).toHaveCount(0);
  await expect(stranger.getByText(/Camille Martin|Salle Parmentier|Acme Coworking/)).toHaveCount(0);
  const export_ = await stranger.request.get(`/activity/export.csv?scope=spaces&space=${acme}`);
  expect(export_.status()).toBe(403);
  const own = await stranger.request.get('/activity/export.csv');
  expect(await own.text()).not.toMatch(/Camille Martin|Salle Parmentier/);
  await strangerContext.close();
});

test('/activity asks a signed-out visitor to sign in and comes back', async ({ page, navigate }) => {
  await demoAccountInFrench('manager');
  await navigate('/activity?scope=spaces');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Factivity%3Fscope%3Dspaces$/);
  await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.manager);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/activity\?scope=spaces$/);
  await expect(
    page.getByRole('navigation', { name: 'Affichage' }).getByRole('link', { name: 'Espaces que je gère' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the manager’s person filter finds someone who only booked in the space, in French and English', async ({
  page,
  navigate,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Nadia Réserve ${randomUUID().slice(0, 6)}`;

  // Someone of no space signs up, confirms their address and books a room of Acme: nothing else.
  const bookerContext = await browser.newContext({ baseURL: appOrigin() });
  const booker = await bookerContext.newPage();
  const email = `reserve-seule-${randomUUID().slice(0, 8)}@example.com`;
  const since = Date.now();
  const signUp = await booker.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: DEMO_PASSWORD, locale: 'fr' },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await booker.goto(linkIn(await waitForMail(email, { since }), '/api/auth/verify-email'));
  const room = await roomId(booker, 'acme-coworking-paris', 'Salle Parmentier');
  const startsAt = await firstFreeStart(booker, room, {
    from: parisDate(22),
    to: parisDate(27),
    minutes: 60,
  });
  await callApi(booker, 'reservations.create', {
    roomId: room,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    attendees: 1,
    title: '',
    idempotencyKey: randomUUID(),
  });
  const mySpaces = await callApi<{ member: unknown[] }>(booker, 'backoffice.listMySpaces', {});
  expect(mySpaces.member).toEqual([]);
  await bookerContext.close();

  // Acme's manager finds them in the person filter and sees only their entries.
  await signInAs(page, 'manager');
  await navigate('/activity?scope=spaces');
  await refuseCookies(page);
  await page.getByLabel('Personne').selectOption({ label: name });
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page).toHaveURL(/[?&]person=/);
  const sentences = page.locator('main li p[id^="activity-"]');
  await expect(
    page.getByText(new RegExp(`^${name} a réservé Salle Parmentier \\(Acme Coworking`)),
  ).toBeVisible();
  // Once the filtered page is in, every entry is theirs.
  await expect
    .poll(async () => (await sentences.allTextContents()).filter((sentence) => !sentence.includes(name)))
    .toEqual([]);
  await checkAtBothSizes(page, 'activity-person-filter-fr');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity');
  await expect(page.getByLabel('Person').locator('option:checked')).toHaveText(name);
  await expect(
    page.getByText(new RegExp(`^${name} booked Salle Parmentier \\(Acme Coworking`)),
  ).toBeVisible();
  await checkAtBothSizes(page, 'activity-person-filter-en');
  await callApi(page, 'profile.setLocale', { locale: 'fr' });
});
