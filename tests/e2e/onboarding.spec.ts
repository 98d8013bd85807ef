import type { Page } from '@playwright/test';
import { PNG_BYTES } from '../support/file-samples';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

const PASSWORD = 'une phrase de passe solide';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
});

/** Checks the page with axe and keeps a screenshot of it, on a desktop and on a phone. */
async function check(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

let published: { page: Page; spaceId: string } | undefined;
test.afterEach(async () => {
  if (published) await callApi(published.page, 'backoffice.archive', { spaceId: published.spaceId });
  published = undefined;
});

test('a new user signs up, opens a space with two rooms and a photo, publishes it and finds it everywhere', async ({
  page,
  navigate,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `gerante-${unique}@example.com`;
  const spaceName = `Le Phare ${unique}`;
  const subdomain = `phare${unique}`;

  // Sign up, confirm the address from the e-mail, land on /start.
  await navigate('/auth/Signup');
  await page.getByLabel('Nom complet').fill('Anne Gérante');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation/ }).check();
  const signedUpAt = Date.now();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const mail = await waitForMail(email, { since: signedUpAt });
  await navigate(linkIn(mail, '/api/auth/verify-email'));
  await page.getByRole('link', { name: 'Commencer' }).click();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue ! Que venez-vous faire ?');
  await check(page, 'start-choice-fr');

  // "I run a space": the wizard, one saved step after another.
  await page.getByRole('link', { name: /Je gère un espace/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Présentation');
  await page.getByLabel("Nom de l'espace").fill(spaceName);
  await page
    .getByLabel('Description en français')
    .fill('Un coworking lumineux face à la mer, à deux pas des remparts.');
  await page.getByLabel('Wi-Fi').check();
  await check(page, 'start-identity-fr');
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse');
  await expect(page).toHaveURL(/step=address/);
  await page.getByLabel('Numéro et rue').fill('3 quai Duguay-Trouin');
  await page.getByLabel('Code postal').fill('35400');
  await page.getByLabel('Ville').fill('Saint-Malo');
  await page.getByRole('button', { name: 'Placer au centre de Saint-Malo' }).click();
  await expect(page.getByLabel('Latitude')).toHaveValue('48.6493');
  await check(page, 'start-address-fr');
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Horaires');
  await page.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
  await page
    .getByRole('button', { name: 'Appliquer les horaires du lundi à toute la semaine de travail' })
    .click();
  await check(page, 'start-hours-fr');
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  // Two rooms with their prices.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salles et prix');
  const newRoom = page.getByRole('form', { name: 'Ajouter une salle ou un poste' });
  await newRoom.getByLabel('Nom', { exact: true }).fill('Salle Vauban');
  await newRoom.getByLabel('Capacité (personnes)').fill('8');
  await newRoom.getByLabel("À l'heure").fill('30');
  await expect(newRoom.getByText(/^Soit 36,00\s€ TTC$/)).toBeVisible();
  await check(page, 'start-rooms-fr');
  await newRoom.getByRole('button', { name: 'Ajouter une salle ou un poste' }).click();
  await expect(page.getByText('Salle Vauban ajoutée.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une salle ou un poste' }).click();
  await newRoom.getByLabel('Type').selectOption('desk');
  await newRoom.getByLabel('Nom', { exact: true }).fill('Poste Rempart');
  await newRoom.getByLabel('Capacité (personnes)').fill('1');
  await newRoom.getByLabel('À la journée').fill('20');
  await newRoom.getByRole('button', { name: 'Ajouter une salle ou un poste' }).click();
  await expect(page.getByText('2 salles enregistrées.')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  // A photo, with its progress bar, then its alternative text.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos');
  await page
    .getByTestId('photo-input-space')
    .setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
  await expect(page.getByText('Photo 1 sur 1')).toBeVisible();
  await page.getByLabel('Texte alternatif (français)').fill('La façade sur le quai');
  await page.getByLabel('Texte alternatif (anglais)').fill('The front on the quay');
  await check(page, 'start-photos-fr');
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  // Branding: a colour and a subdomain, checked as typed, with a preview.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marque');
  await page.getByLabel(/Donner à l'espace sa propre couleur/).check();
  await page.getByLabel('Code couleur').fill('#9d174d');
  await page.getByLabel('Sous-domaine').fill(subdomain);
  await expect(page.getByTestId('subdomain-status')).toHaveText(`${subdomain}.localhost est libre.`);
  await check(page, 'start-branding-fr');
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publication');
  await check(page, 'start-publish-fr');
  await page.getByRole('button', { name: "Publier l'espace" }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${spaceName} est en ligne !`);
  // Published, the space is in the lane's catalogue, which other tests count (ten demo spaces): it is
  // archived once this test is over, passed or failed.
  const mine = await callApi<{ managed: Array<{ id: string }> }>(page, 'backoffice.listMySpaces', {});
  published = { page, spaceId: mine.managed[0]!.id };

  // Found on /spaces/all, in /search by its city, and on its subdomain in its colour.
  await navigate('/spaces/all?sort=newest');
  await expect(page.getByRole('link', { name: spaceName })).toBeVisible();
  await navigate('/search');
  const filters = page.getByRole('form', { name: 'Filtres' });
  await filters.getByLabel('Ville').fill('saint-malo');
  await filters.getByLabel('Ville').press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 espace trouvé');
  await expect(page.getByRole('link', { name: spaceName })).toBeVisible();
  await expect(page.getByText('2 salles ou postes correspondent')).toBeVisible();

  const port = new URL(baseURL!).port;
  await page.goto(`http://${subdomain}.localhost:${port}/`);
  await expect(page.getByRole('heading', { level: 1, name: spaceName })).toBeVisible();
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary).toBe('#9d174d');
  await expect(page.getByRole('img', { name: 'La façade sur le quai' })).toBeVisible();
});
