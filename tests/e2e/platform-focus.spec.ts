import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Where keyboard focus goes: after a navigation to another page, to its heading; after a dialog, back to the
 * control that opened it, or to the nearest control when that one is gone. Never to `<body>`.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const navigateInApp = (page: Page, to: string) =>
  page.evaluate(
    (target) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate(target),
    to,
  );

test('after a link, back and /result, focus is on the new page’s heading', async ({ page, navigate }) => {
  await navigate('/');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Rechercher' })
    .click();
  await expect(heading(page)).toHaveText('Rechercher');
  await expect(heading(page)).toBeFocused();
  // A heading that takes focus adds no Tab stop and draws no ring.
  await expect(heading(page)).toHaveAttribute('tabindex', '-1');
  expect(await heading(page).evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');

  await page.goBack();
  await expect(heading(page)).toHaveText('Trouvez et réservez votre espace de travail, près de chez vous');
  await expect(heading(page)).toBeFocused();

  await navigateInApp(page, '/result?error=internal');
  await expect(page).toHaveURL(/\/result\?error=internal$/);
  await expect(heading(page)).toBeFocused();
  await expectNoAxeViolations(page);
});

test('within one page (new search parameters) focus stays on the control used', async ({
  page,
  navigate,
}) => {
  await navigate('/search');
  const sort = page.getByLabel('Trier par');
  await sort.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/sort=/);
  await expect(sort).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a link of the menu closes it and focuses the new page’s heading', async ({ page, navigate }) => {
    await navigate('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Espaces', exact: true })
      .click();
    await expect(page).toHaveURL(/\/spaces\/all$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(heading(page)).toBeFocused();

    // Escape closes the menu and gives focus back to its button.
    await menu.click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Accueil' })
      .focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});

test('a dialog gives focus back to the button that opened it', async ({ page, navigate }) => {
  await signInAs(page, 'member');
  await navigate('/profile');
  for (const [button, close] of [
    ['Se déconnecter partout', 'Escape'],
    ['Supprimer mon compte', 'Annuler'],
  ] as const) {
    const opener = page.getByRole('button', { name: button });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: close }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test('when the action removed the dialog’s opener, focus goes to the nearest control, not the body', async ({
  page,
  navigate,
}) => {
  // The admin's own draft: the demo manager's list of spaces, which other tests read, stays as it is.
  await signInAs(page, 'admin');
  const created = await page.request.post('/api/fn/backoffice.createSpace', {
    data: { data: { name: 'Le Phare à archiver' } },
    headers: { Origin: appOrigin() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = ((await created.json()) as { result: { id: string } }).result;
  await navigate(`/myspaces/${id}?section=status`);
  const archive = page.getByRole('button', { name: "Archiver l'espace" });
  await archive.click();
  await page.getByRole('dialog').getByRole('button', { name: "Archiver l'espace" }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(archive).toHaveCount(0);
  const focused = await page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    inMain: Boolean(document.activeElement?.closest('main')),
  }));
  expect(focused.tag).not.toBe('BODY');
  expect(focused.inMain).toBe(true);
});
