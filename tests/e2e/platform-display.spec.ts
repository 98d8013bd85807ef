import type { Locator, Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';

/** What a page shows on a desktop and on a phone: the header, the map, the back office's tabs, the forms. */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function useEnglish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
}

test.describe('the header on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('takes two rows signed out and one signed in, the navigation behind a Menu button', async ({
    page,
    navigate,
  }) => {
    await navigate('/');
    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: 'Escale, accueil' });
    const menu = header.getByRole('button', { name: 'Menu' });
    const row = (await box(logo)).height + 16;
    // Signed out: logo, language and menu on the first row; the sign-in links on the second.
    expect(Math.abs((await box(menu)).y - (await box(logo)).y)).toBeLessThan(12);
    expect((await box(header)).height).toBeLessThanOrEqual(2 * row + 16);
    await expect(header.getByRole('link', { name: 'Se connecter' })).toBeInViewport();
    await expect(header.getByRole('link', { name: 'Créer un compte' })).toBeInViewport();
    await expect(header.getByRole('link', { name: 'Rechercher' })).toBeHidden();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-header-phone-fr', { fullPage: false });

    await menu.click();
    const links = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link');
    await expect(links).toHaveText(['Accueil', 'Espaces', 'Rechercher', 'Réservations', 'Mes espaces']);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-header-phone-menu-fr', { fullPage: false });

    await signInAs(page, 'member');
    await navigate('/');
    await expect(header.getByRole('button', { name: 'Mon compte' })).toBeVisible();
    expect((await box(header)).height).toBeLessThanOrEqual(row + 16);
    await keepScreenshot(page, 'platform-header-phone-signed-in-fr', { fullPage: false });
  });

  test('in English too', async ({ page, navigate, baseURL }) => {
    await useEnglish(page, baseURL);
    await navigate('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeInViewport();
    await header.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveCount(5);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-header-phone-menu-en', { fullPage: false });
  });
});

test('on a desktop the header keeps to one row with the navigation inline', async ({ page, navigate }) => {
  await page.setViewportSize(DESKTOP);
  await navigate('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Rechercher' })).toBeVisible();
  expect((await box(header)).height).toBeLessThan(80);
  await keepScreenshot(page, 'platform-header-desktop-fr', { fullPage: false });
});

/** The boxes of the map's labels and clusters, as drawn now. */
function mapLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.escale-marker span, .escale-cluster span[aria-hidden]')].map(
      (element) => {
        const rect = element.getBoundingClientRect();
        return {
          text: element.textContent,
          left: rect.left,
          right: rect.right,
          top: rect.top,
          bottom: rect.bottom,
        };
      },
    ),
  );
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device} the search map clusters markers that would touch, with their count`, async ({
    page,
    navigate,
  }) => {
    await page.setViewportSize(viewport);
    await navigate('/search');
    const map = page.getByRole('region', { name: 'Carte des résultats' });
    await map.scrollIntoViewIfNeeded();
    await expect(page.locator('.escale-cluster').first()).toBeVisible();
    // No two labels overlap ("1 60 €" was two prices drawn over each other), once the map has settled
    // (clusters are drawn again at the end of each zoom or pan animation).
    const overlapping = async () => {
      const labels = await mapLabels(page);
      return labels.flatMap((a, index) =>
        labels
          .slice(index + 1)
          .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          .map((b) => `${a.text} / ${b.text}`),
      );
    };
    await expect.poll(overlapping).toEqual([]);
    // Ten spaces in all: the counts and single markers add up, once every marker is drawn.
    const spacesOnMap = async () =>
      (await mapLabels(page))
        .map((label) => (/^\d+$/.test(label.text ?? '') ? Number(label.text) : 1))
        .reduce((sum, count) => sum + count, 0);
    await expect.poll(spacesOnMap).toBe(10);
    // A cluster says what it holds and opens with the keyboard.
    const cluster = page.locator('.escale-cluster').first();
    await expect(cluster).toHaveAccessibleName(/^\d+ espaces ici : zoomer pour les voir$/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `platform-map-clusters-${device}`, { fullPage: false });
    const before = (await mapLabels(page)).length;
    await cluster.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mapLabels(page)).length).not.toBe(before);
  });
}

test.describe('the back office on a phone', () => {
  test.use({ viewport: PHONE });

  test('names the current section in its menu, and only that section is the current page', async ({
    page,
    navigate,
  }) => {
    await signInAs(page, 'manager');
    const list = await page.request.post('/api/fn/spaces.get', {
      data: { data: { ref: 'acme-coworking-paris' } },
      headers: { Origin: appOrigin() },
    });
    const { result } = (await list.json()) as { result: { id: string } };
    for (const [section, name] of [
      ['team', 'Équipe'],
      ['status', 'Publication'],
      ['general', 'Présentation'],
    ] as const) {
      await navigate(`/myspaces/${result.id}?section=${section}`);
      const sections = page.getByRole('navigation', { name: 'Sections' });
      await expect(sections.locator('summary')).toContainText(name);
      await sections.locator('summary').click();
      await expect(sections.locator('[aria-current="page"]')).toHaveText([name]);
      const menu = await box(sections);
      const link = await box(sections.getByRole('link', { name, exact: true }));
      expect(link.x).toBeGreaterThanOrEqual(menu.x - 1);
      expect(link.x + link.width).toBeLessThanOrEqual(menu.x + menu.width + 1);
      await keepScreenshot(page, `platform-office-tab-${section}-phone`, { fullPage: false });
    }
  });
});

test('the hours section lists a closure as long as it has not ended, today included', async ({
  page,
  navigate,
}) => {
  await page.setViewportSize(DESKTOP);
  // The admin's own draft: no demo space closes for the other tests.
  await signInAs(page, 'admin');
  const created = await page.request.post('/api/fn/backoffice.createSpace', {
    data: { data: { name: 'Le Phare fermé' } },
    headers: { Origin: appOrigin() },
  });
  const { id } = ((await created.json()) as { result: { id: string } }).result;
  await navigate(`/myspaces/${id}?section=hours`);
  await expect(page.getByText('Aucune fermeture prévue.')).toBeVisible();
  // A new closure starts and ends today (the space's today), and is still listed after a reload.
  await page.getByRole('button', { name: 'Ajouter une fermeture' }).click();
  await page.getByLabel('Motif').fill('Inventaire');
  await page.getByRole('button', { name: 'Enregistrer' }).last().click();
  await expect(page.getByText('Modifications enregistrées.').first()).toBeVisible();
  await navigate(`/myspaces/${id}?section=hours`);
  await expect(page.getByLabel('Motif')).toHaveValue('Inventaire');
  await keepScreenshot(page, 'platform-office-closures-desktop');
});

test('a danger colour given to an outline button wins over the variant’s ink', async ({ page, navigate }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await navigate('/reservations');
  await page.getByRole('button', { name: 'Créer un lien d’abonnement' }).click();
  const revoke = page.getByRole('button', { name: 'Révoquer le lien' });
  await expect(revoke).toBeVisible();
  expect(await revoke.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
  await keepScreenshot(page, 'platform-danger-button', { fullPage: false });
  await revoke.click();
});

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device} a field’s error clears as soon as the field is valid`, async ({ page, navigate }) => {
    await page.setViewportSize(viewport);
    await navigate('/auth/Signup');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
    const name = page.getByLabel('Nom complet');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('Ada Lovelace');
    await expect(page.getByText('Indiquez votre nom.')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid');
    // The other fields are still refused, until they are valid in turn.
    const email = page.getByLabel('Adresse e-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('ada@');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('ada@example.fr');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await page.getByRole('checkbox').check();
    await expect(page.getByText('Acceptez les conditions')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `platform-form-errors-${device}`, { fullPage: false });
  });
}
