import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { csvCells } from '../support/csv-cells';
import { signInAs } from './accounts';
import { spaceIdOf } from './booking';
import { callApi } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';

/**
 * /statistics (issue 30): the demo manager opens Acme's figures from its back office's home, changes the
 * period and the room, reads each figure beside the previous period's, downloads a table as CSV and as
 * XLSX and reads them back; axe in French and English on a desktop and a phone (one visit each). A member
 * is refused; an admin is offered every space. The figures themselves are tested against hand-computed
 * fixtures (server/features/statistics/statistics.test.ts): here, what the page does with them.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ context, page }) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
  await page.setViewportSize(DESKTOP);
});

/** axe and a screenshot at a desktop's size, then a phone's (nothing wider than the phone's screen). */
async function checkBothSizes(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > 391 &&
          // A scrolling frame's content, and what is only for screen readers (clipped to nothing).
          !e.closest('.overflow-x-auto, [class*="sr-only"]'),
      )
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${e.textContent?.slice(0, 40)}`),
  );
  expect(wide).toEqual([]);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function download(page: Page, link: ReturnType<Page['getByRole']>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await link.click();
  return downloading;
}

test('the manager reads Acme from its back office: period, room, comparison, CSV and XLSX, fr and en', async ({
  page,
  navigate,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'manager');
  const acmeId = await spaceIdOf(page, 'acme-coworking-paris');
  try {
    await navigate(`/myspaces/${acmeId}`);
    await expect(page.getByRole('heading', { name: "À traiter aujourd'hui" })).toBeVisible();
    await page.getByRole('link', { name: 'Voir les statistiques' }).click();
    await expect(page).toHaveURL(new RegExp(`/statistics\\?space=${acmeId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistiques');
    // One section of the back office: its navigation marks where the manager is.
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Statistiques' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Acme Coworking', { exact: true })).toBeVisible();

    // Each headline figure beside the previous period's, its change said in words.
    const summary = page.getByRole('region', { name: "L'essentiel" });
    const occupancyCard = summary.getByRole('listitem').filter({ hasText: "Taux d'occupation" });
    await expect(occupancyCard).toContainText(/Période précédente : /);
    await expect(occupancyCard).toContainText(/en hausse|en baisse|stable|sans comparaison/);
    await expect(page.getByText(/^Du 1er .+, comparé à la période du .+\.$/)).toBeVisible();
    await checkBothSizes(page, 'statistics-fr');

    // One room: its occupancy alone, its bookings beside the previous period's.
    const filters = page.getByRole('form', { name: 'Ce que vous regardez' });
    await filters.getByLabel('Salle', { exact: true }).selectOption({ label: 'Salle Voltaire' });
    await filters.getByRole('button', { name: 'Afficher' }).click();
    await expect(page).toHaveURL(/[?&]room=[0-9a-f-]{36}/);
    await expect(page.getByText('Acme Coworking · Salle Voltaire')).toBeVisible();
    const occupancy = page.getByRole('region', { name: 'Occupation', exact: true });
    const rooms = occupancy.getByRole('table', { name: 'Occupation par salle' });
    await expect(rooms.locator('tbody tr')).toHaveCount(1);
    await expect(rooms.locator('tbody th')).toHaveText('Salle Voltaire');
    const bookings = page.getByRole('table', { name: 'Réservations', exact: true });
    await expect(bookings.getByRole('columnheader')).toHaveText([
      'Mesure',
      'Cette période',
      'Période précédente',
      'Évolution',
    ]);
    await expect(bookings.locator('tbody tr').first()).toContainText(
      /en hausse|en baisse|stable|sans comparaison/,
    );
    const shownRate = (await rooms.locator('tbody td').nth(3).innerText()).trim();

    // The room's table as CSV and as XLSX: the page's rows, read back.
    const csv = await download(
      page,
      occupancy.getByRole('link', { name: 'Télécharger « Occupation par salle » (CSV)' }),
    );
    expect(csv.suggestedFilename()).toMatch(/^statistiques-occupancy-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const cells = csvCells(readFileSync((await csv.path())!, 'utf8'));
    expect(cells[0]![0]).toBe('Salle');
    expect(cells).toHaveLength(2);
    expect(cells[1]![0]).toBe('Salle Voltaire');
    // The page rounds a rate to a tenth of a percent; the file keeps it to the hundredth.
    const decimal = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
    expect(Math.abs(decimal(cells[1]![4]!) - decimal(shownRate))).toBeLessThanOrEqual(0.05);

    const xlsx = await download(
      page,
      occupancy.getByRole('link', { name: 'Télécharger « Occupation par salle » (XLSX)' }),
    );
    expect(xlsx.suggestedFilename()).toMatch(/^statistiques-occupancy-.+\.xlsx$/);
    const [sheet] = await readXlsxFile(readFileSync((await xlsx.path())!));
    expect(sheet!.sheet).toBe('Occupation par salle');
    expect(sheet!.data[0]![0]).toBe('Salle');
    expect(sheet!.data.slice(1).map((row) => row[0])).toEqual(['Salle Voltaire']);
    expect(Number(sheet!.data[1]![4]) * 100).toBeCloseTo(Number(cells[1]![4]!.replace(',', '.')), 6);

    // Last month, the room kept: another period, compared with the month before it.
    const sentence = page.getByText(/^Du 1er .+, comparé à la période du .+\.$/);
    const thisMonth = await sentence.innerText();
    await filters.getByLabel('Période').selectOption({ label: 'Le mois dernier' });
    await filters.getByRole('button', { name: 'Afficher' }).click();
    await expect(page).toHaveURL(/[?&]period=last-month/);
    await expect(page).toHaveURL(/[?&]room=[0-9a-f-]{36}/);
    await expect(sentence).not.toHaveText(thisMonth);
    // A whole month, from its first to its last day.
    await expect(sentence).toHaveText(
      /^Du 1er (\S+) \d{4} au (28|29|30|31) \1 \d{4}, comparé à la période du /,
    );
    await expect(filters.getByLabel('Salle', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);

    // The same page in English.
    await callApi(page, 'profile.setLocale', { locale: 'en' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistics');
    await expect(
      page.getByRole('table', { name: 'Bookings', exact: true }).getByRole('columnheader'),
    ).toHaveText(['Measure', 'This period', 'Previous period', 'Change']);
    await checkBothSizes(page, 'statistics-en');
  } finally {
    await callApi(page, 'profile.setLocale', { locale: 'fr' });
  }
});

test('a member is refused /statistics and its files; an admin may choose every space', async ({
  page,
  navigate,
}) => {
  await signInAs(page, 'member');
  const refused = await page.goto('/statistics');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Erreur 403' })).toBeVisible();
  expect((await page.request.get('/api/statistics/summary.csv')).status()).toBe(404);

  await page.context().clearCookies();
  await signInAs(page, 'admin');
  await navigate('/statistics');
  await expect(page.getByText(/^Tous les espaces \(\d+ espaces\)$/)).toBeVisible();
  await expect(page.getByLabel('Espace', { exact: true })).toHaveValue('');
});
