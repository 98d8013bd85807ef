import type { Page } from '@playwright/test';
import { signInAs } from './accounts';
import { spaceIdOf } from './booking';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';
import { waitForMail } from './mailbox';

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
});

/** axe and screenshots on a desktop and a phone (no sideways scrolling there). */
async function check(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.overflow-x-auto'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${e.textContent?.slice(0, 40)}`),
  );
  expect(wide).toEqual([]);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }),
  ).toHaveAttribute('aria-current', 'page');
}

/** What the journey below changes in Acme, as it found it; put back after it, passed or failed. */
let borrowed: { page: Page; spaceId: string; closures: unknown[]; photoIds: string[] } | undefined;
test.afterEach(async () => {
  if (!borrowed) return;
  const { page, spaceId, closures, photoIds } = borrowed;
  borrowed = undefined;
  await callApi(page, 'backoffice.setClosures', { spaceId, closures });
  await callApi(page, 'backoffice.reorderPhotos', { owner: { type: 'space', id: spaceId }, photoIds });
});

test('the demo manager runs Acme from /myspaces: every section, in French and English', async ({
  page,
  navigate,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  // The demo space other tests book and read: its closures (one is added below, for today) and the order of
  // its photos (the second moves first) are put back after this test.
  const acmeId = await spaceIdOf(page, 'acme-coworking-paris');
  const acme = await callApi<{ closures: unknown[]; photos: Array<{ id: string }> }>(
    page,
    'backoffice.getSpace',
    { spaceId: acmeId },
  );
  borrowed = {
    page,
    spaceId: acmeId,
    closures: acme.closures,
    photoIds: acme.photos.map((photo) => photo.id),
  };
  await navigate('/myspaces');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes espaces');
  const managed = page.getByRole('region', { name: 'Les espaces que je gère' });
  await expect(managed.getByRole('heading', { level: 3 })).toHaveText(['Acme Coworking', 'La Ruche Lyon']);
  await check(page, 'myspaces-fr');

  await managed.getByRole('link', { name: 'Gérer Acme Coworking' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Coworking');
  // The back office opens on its home.
  await expect(page.getByRole('heading', { name: "À traiter aujourd'hui" })).toBeVisible();
  await openSection(page, 'Présentation');
  await expect(page.getByLabel("Nom de l'espace")).toHaveValue('Acme Coworking');
  await check(page, 'office-general-fr');

  await openSection(page, 'Adresse');
  await expect(page.getByLabel('Ville')).toHaveValue('Paris');
  await check(page, 'office-address-fr');

  // Hours and a closure.
  await openSection(page, 'Horaires');
  await page.getByRole('button', { name: 'Ajouter une fermeture' }).click();
  await page.getByLabel('Motif').last().fill('Inventaire');
  await page
    .getByRole('region', { name: 'Fermetures exceptionnelles' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(page.getByText('Modifications enregistrées.').first()).toBeVisible();
  await check(page, 'office-hours-fr');

  // Rooms: take one off the offer and back.
  await openSection(page, 'Salles');
  const parmentier = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Salle Parmentier' }) });
  await parmentier.getByRole('button', { name: "Retirer de l'offre" }).click();
  await expect(parmentier.getByText("Retirée de l'offre")).toBeVisible();
  await parmentier.getByRole('button', { name: "Remettre dans l'offre" }).click();
  await expect(parmentier.getByText("Retirée de l'offre")).toHaveCount(0);
  await page.getByRole('button', { name: 'Modifier Salle Voltaire' }).click();
  await check(page, 'office-rooms-fr');

  // Photos: the second one moves first.
  await openSection(page, 'Photos');
  const altTexts = page.getByLabel('Texte alternatif (français)');
  await expect(altTexts).toHaveCount(3);
  await expect(altTexts.nth(1)).toHaveValue('Le salon et la cuisine partagée');
  await page.getByRole('button', { name: 'Avancer la photo 2' }).click();
  await expect(altTexts.first()).toHaveValue('Le salon et la cuisine partagée');
  await check(page, 'office-photos-fr');

  // Branding: a pale colour still gives readable text (dark on it) and links (darkened).
  await openSection(page, 'Marque');
  await page.getByLabel('Code couleur').fill('#fde68a');
  await expect(page.getByText(/Texte sur la couleur : [\d,]+ : 1 — conforme \(AA\)/)).toBeVisible();
  await expect(page.getByText(/Liens sur fond blanc : [\d,]+ : 1 — conforme \(AA\)/)).toBeVisible();
  await page.getByLabel('Sous-domaine').fill('laruche');
  await expect(page.getByTestId('subdomain-status')).toHaveText('Ce sous-domaine est déjà pris.');
  await check(page, 'office-branding-fr');

  // Team: invite someone by e-mail.
  await openSection(page, 'Équipe');
  const invited = `invite-${Date.now()}@example.com`;
  const since = Date.now();
  await page.getByLabel('Adresse e-mail').fill(invited);
  await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${invited}.`).first()).toBeVisible();
  const mail = await waitForMail(invited, { since });
  expect(mail.subject).toBe('Invitation à rejoindre Acme Coworking sur Escale');
  await expect(page.getByRole('button', { name: `Annuler l'invitation de ${invited}` })).toBeVisible();
  await check(page, 'office-team-fr');

  await openSection(page, 'Publication');
  await expect(page.getByText('Statut : Publié')).toBeVisible();
  await check(page, 'office-status-fr');

  // The same in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Publishing' }),
  ).toHaveAttribute('aria-current', 'page');
  await check(page, 'office-status-en');
  await openSection(page, 'Rooms');
  await check(page, 'office-rooms-en');
  await openSection(page, 'Branding');
  await check(page, 'office-branding-en');
  await navigate('/myspaces');
  await check(page, 'myspaces-en');
});

/** Every place of the back office, in the navigation's order, by its French and English names. */
const PLACES = [
  ["Aujourd'hui", 'Today'],
  ['Statistiques', 'Statistics'],
  ['Demandes', 'Requests'],
  ['Événements', 'Events'],
  ['Signalements', 'Reports'],
  ['Présentation', 'About'],
  ['Adresse', 'Address'],
  ['Horaires', 'Hours'],
  ['Photos', 'Photos'],
  ['Marque', 'Branding'],
  ['Publication', 'Publishing'],
  ['Salles', 'Rooms'],
  ['Formules', 'Formulas'],
  ['Écrans de porte', 'Door displays'],
  ['Équipe', 'Team'],
  ['Facturation', 'Invoicing'],
  ['Prélèvements', 'Direct debits'],
  ['Relevés bancaires', 'Bank statements'],
  ['Documents', 'Documents'],
] as const;

/** The links of the navigation shown, each whole on the screen: inside the viewport's width, its text not cut. */
async function expectLinksWhole(page: Page) {
  const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  await expect(links).toHaveCount(PLACES.length);
  const cut = await links.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width === 0 ||
          box.left < 0 ||
          box.right > window.innerWidth ||
          element.scrollWidth > element.clientWidth
        );
      })
      .map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
}

const HOME_ACTIONS = {
  fr: [
    'Traiter les demandes',
    'Voir le planning du jour',
    'Voir les événements',
    'Voir les factures',
    'Modérer les signalements',
  ],
  en: [
    'Handle the requests',
    "See today's planning",
    'See the events',
    'See the invoices',
    'Moderate the reports',
  ],
};

test('the manager lands on the home of the space and reaches every place from one navigation, on a desktop and a phone, in French and English', async ({
  page,
  navigate,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  const acmeId = await spaceIdOf(page, 'acme-coworking-paris');
  for (const [language, index] of [
    ['fr', 0],
    ['en', 1],
  ] as const) {
    if (language === 'en') {
      await page.getByRole('button', { name: 'English' }).click();
      // The choice is saved by a request: the next page is English once this one has switched.
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    for (const size of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await navigate(`/myspaces/${acmeId}`);
      const home = page.getByRole('region', {
        name: language === 'fr' ? "À traiter aujourd'hui" : 'To do today',
      });
      await expect(home.getByRole('link')).toHaveText(HOME_ACTIONS[language].map((name) => new RegExp(name)));
      const nav = page.getByRole('navigation', { name: 'Sections' });
      const phone = size.name === 'phone';
      // On a phone the navigation is a menu that names the current place; opened, it lists them all.
      const menu = nav.locator('summary');
      const current = (name: string) => nav.getByRole('link', { name, exact: true });
      if (phone) {
        await expect(menu).toContainText(PLACES[0][index]);
        await menu.click();
      }
      await expect(current(PLACES[0][index])).toHaveAttribute('aria-current', 'page');
      await expectLinksWhole(page);
      await expectNoAxeViolations(page);
      if (phone) await keepScreenshot(page, `office-navigation-${language}-phone`, { fullPage: false });
      if (phone) await menu.click();
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `office-home-${language}-${size.name}`);
      // Every place is reached from the navigation, and is then the current one (the only one).
      for (const place of PLACES.slice(1)) {
        const name = place[index];
        if (phone) await menu.click();
        await current(name).click();
        if (phone) {
          await expect(menu).toContainText(name);
          await menu.click();
        }
        await expect(current(name)).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        if (phone) await menu.click();
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
});

test('the back office is for the space’s team only', async ({ page, navigate }) => {
  // Signed out: to the sign-in page, and back after.
  await navigate('/myspaces');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Fmyspaces$/);

  // A member of Acme sees it among the spaces they belong to, and cannot open its back office.
  await signInAs(page, 'member');
  await navigate('/myspaces');
  await expect(page.getByRole('region', { name: 'Les espaces dont je suis membre' })).toContainText(
    'Acme Coworking',
  );
  const list = await page.request.post('/api/fn/spaces.get', {
    data: { data: { ref: 'acme-coworking-paris' } },
  });
  const { result } = (await list.json()) as { result: { id: string } };
  const response = await page.goto(`/myspaces/${result.id}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Erreur 403' })).toBeVisible();
});

test('an admin sees every space and can open any back office', async ({ page, navigate }) => {
  await signInAs(page, 'admin');
  await navigate('/myspaces');
  const others = page.getByRole('region', { name: 'Tous les autres espaces (administration)' });
  await expect(others.getByRole('heading', { name: 'Le Comptoir' })).toBeVisible();
  await others.getByRole('link', { name: 'Gérer Le Comptoir' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le Comptoir');
  await openSection(page, 'Publication');
  await expect(page.getByText('Statut : Brouillon')).toBeVisible();
  await expect(page.getByText('Tout est prêt : publiez')).toBeVisible();
});

test('a closure outside the calendar the app works in is refused next to its date, in French and English', async ({
  page,
  navigate,
}) => {
  await signInAs(page, 'manager');
  await navigate('/myspaces');
  await page
    .getByRole('region', { name: 'Les espaces que je gère' })
    .getByRole('link', { name: 'Gérer Acme Coworking' })
    .click();
  await openSection(page, 'Horaires');
  const closures = page.getByRole('region', { name: 'Fermetures exceptionnelles' });

  await closures.getByRole('button', { name: 'Ajouter une fermeture' }).click();
  await closures.getByLabel('Du', { exact: true }).last().fill('2150-07-14');
  await closures.getByLabel('Motif').last().fill('Dans longtemps');
  await closures.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(closures.getByText('Choisissez une date entre 2000 et 2099.').first()).toBeVisible();
  await check(page, 'office-closure-out-of-range-fr');

  await page.getByRole('button', { name: 'English' }).click();
  const closuresEn = page.getByRole('region', { name: 'Exceptional closures' });
  await closuresEn.getByRole('button', { name: 'Add a closure' }).click();
  await closuresEn.getByLabel('From', { exact: true }).last().fill('1999-12-31');
  await closuresEn.getByRole('button', { name: 'Save' }).click();
  await expect(closuresEn.getByText('Choose a date between 2000 and 2099.').first()).toBeVisible();
  await check(page, 'office-closure-out-of-range-en');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
});
