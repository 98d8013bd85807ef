import type { Page } from '@playwright/test';
import { checkAtBothSizes, firstFreeStart, parisDate, parisDateTime, roomId } from './booking';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';

async function expectCount(page: Page, text: string) {
  await expect(page.getByTestId('result-count')).toHaveText(text);
}

/** The names of the results, in order. */
function resultNames(page: Page) {
  return page.getByRole('list', { name: 'Résultats' }).getByRole('heading', { level: 3 });
}

test('search filters combine, update without a reload, and survive reload and back/forward', async ({
  page,
  navigate,
}) => {
  await navigate('/search');
  await page.getByRole('button', { name: 'Refuser' }).click();
  // Every published space (other browser tests may have published more than the demo's ten).
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ espaces trouvés$/);
  // A marker on the window: it survives client navigations, not a full page load.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);

  const filters = page.getByRole('form', { name: 'Filtres' });
  await filters.getByLabel('Ville').fill('Paris');
  await filters.getByLabel('Ville').press('Tab');
  await expect(page).toHaveURL(/\/search\?city=Paris$/);
  await expectCount(page, '3 espaces trouvés');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Espaces à Paris');

  await filters.getByLabel("Type d'espace").selectOption('meeting_room');
  await expect(page).toHaveURL(/city=Paris&kind=meeting_room$/);
  await expectCount(page, '3 espaces trouvés');

  await filters.getByLabel('Personnes').fill('8');
  await filters.getByLabel('Personnes').press('Enter');
  await expect(page).toHaveURL(/city=Paris&people=8&kind=meeting_room$/);
  await expectCount(page, '2 espaces trouvés');
  // Cheapest first: a room for 8 at the Canal from 45,60 €, at Acme from 54,00 €.
  await expect(resultNames(page)).toHaveText(['Les Bureaux du Canal', 'Acme Coworking']);

  await filters.getByText('Plus de filtres').click();
  await filters.getByLabel('Douches').check();
  await expect(page).toHaveURL(/amenities=showers/);
  await expectCount(page, '1 espace trouvé');
  await expect(resultNames(page)).toHaveText(['Les Bureaux du Canal']);
  expect(await sameDocument()).toBe(true);
  await expect(page.locator('.escale-marker')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'search-filtered-fr');

  // A reload keeps every filter, in the form and in the results.
  await page.reload();
  await untilHydrated(page);
  await expectCount(page, '1 espace trouvé');
  await expect(filters.getByLabel('Ville')).toHaveValue('Paris');
  await expect(filters.getByLabel('Personnes')).toHaveValue('8');
  await expect(filters.getByLabel("Type d'espace")).toHaveValue('meeting_room');
  await expect(filters.getByLabel('Douches')).toBeChecked();

  // Back and forward walk through the filter history.
  await page.goBack();
  await expect(page).toHaveURL(/city=Paris&people=8&kind=meeting_room$/);
  await expectCount(page, '2 espaces trouvés');
  await expect(filters.getByLabel('Douches')).not.toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/city=Paris&kind=meeting_room$/);
  await expectCount(page, '3 espaces trouvés');
  await expect(filters.getByLabel('Personnes')).toHaveValue('');
  await page.goForward();
  await expectCount(page, '2 espaces trouvés');
  await expect(filters.getByLabel('Personnes')).toHaveValue('8');

  // Sorting and a budget: the cheapest first, then only what fits.
  await page.getByLabel('Trier par').selectOption('name_asc');
  await expect(page).toHaveURL(/sort=name_asc/);
  await expect(resultNames(page)).toHaveText(['Acme Coworking', 'Les Bureaux du Canal']);
  await filters.getByLabel('Budget maximum (€ TTC)').fill('50');
  await filters.getByLabel('Budget maximum (€ TTC)').press('Enter');
  // 45,60 € at the Canal fits a 50 € budget, 54,00 € at Acme does not; 40 € fits neither.
  await expectCount(page, '1 espace trouvé');
  await expect(resultNames(page)).toHaveText(['Les Bureaux du Canal']);
  await filters.getByLabel('Budget maximum (€ TTC)').fill('40');
  await filters.getByLabel('Budget maximum (€ TTC)').press('Enter');
  await expectCount(page, '0 espace trouvé');
  await expect(page.getByRole('heading', { name: 'Aucun espace ne correspond' })).toBeVisible();
});

test('a date and a time keep only the spaces open then, read in their own zone', async ({
  page,
  navigate,
}) => {
  // The first Sunday at least a week ahead: only the 24/7 space in Marseille is open.
  const sunday = await page.evaluate(() => {
    const day = new Date(Date.now() + 7 * 86_400_000);
    while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString().slice(0, 10);
  });
  await navigate(`/search?date=${sunday}&time=10:00&duration=120`);
  await page.getByRole('button', { name: 'Refuser' }).click();
  await expectCount(page, '1 espace trouvé');
  await expect(resultNames(page)).toHaveText(['Vieux-Port Workspace']);
  // Two hours of the Calanques or Frioul room, with VAT: the cheapest is Frioul, 22 € × 2 + 20 %.
  await expect(page.getByText(/^52,80\s€ TTC pour 2 heures$/)).toBeVisible();
});

test('invalid filters in a shared link are ignored and named, the page still answers', async ({
  page,
  navigate,
}) => {
  await navigate('/search?city=Lyon&people=lots&date=2026-02-31');
  await page.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByRole('alert')).toContainText('date, personnes');
  await expectCount(page, '2 espaces trouvés');
  await expectNoAxeViolations(page);
});

test('the search page in English on a phone', async ({ page, navigate }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await navigate('/search?city=Lyon');
  await page.getByRole('button', { name: 'Refuser' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('result-count')).toHaveText('2 spaces found');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'search-en-phone');
});

test('search → space → room keeps the date, time, length and people, and the calendar shows that slot chosen', async ({
  page,
  navigate,
}) => {
  // Three pages in two languages at two sizes, with axe on each: about 45 s on a quiet machine.
  test.slow();
  // A start next week from which Salle Voltaire is free for an hour and a half.
  const voltaire = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
  const startsAt = await firstFreeStart(page, voltaire, {
    from: parisDate(7),
    to: parisDate(13),
    minutes: 90,
  });
  const { date, time } = parisDateTime(startsAt);
  const query = `date=${date}&time=${time.replace(':', '%3A')}&duration=90&people=3`;

  await navigate(`/search?city=Paris&${query}`);
  await page.getByRole('button', { name: 'Refuser' }).click();
  await page.getByRole('link', { name: 'Acme Coworking' }).click();
  await expect(page).toHaveURL(new RegExp(`/spaces/acme-coworking-paris\\?${query}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Coworking' })).toBeVisible();
  const day = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  await expect(
    page.getByText(`Votre recherche : ${day}, à ${time}, 1 h 30, 3 personnes.`, { exact: false }),
  ).toBeVisible();
  await checkAtBothSizes(page, 'search-to-space-fr');

  await page.getByRole('link', { name: 'Salle Voltaire' }).click();
  await expect(page).toHaveURL(new RegExp(`/spaces/acme-coworking-paris/rooms/${voltaire}\\?${query}$`));
  const booking = page.getByRole('region', { name: 'Réserver' });
  const chosen = booking.locator(`[role="gridcell"][data-starts-at="${startsAt}"]`);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  // Scrolled to within the calendar's own box, however late in the day.
  await expect
    .poll(() =>
      chosen.evaluate((cell) => {
        const box = cell.closest('div.overflow-auto')!.getBoundingClientRect();
        const at = cell.getBoundingClientRect();
        return at.top >= box.top && at.bottom <= box.bottom;
      }),
    )
    .toBe(true);
  await expect(booking.getByLabel('Durée')).toHaveValue('90');
  await expect(booking.getByLabel('Participants')).toHaveValue('3');
  await expect(booking.getByText('Total TTC')).toBeVisible();
  // Signing in comes back to this very choice.
  await expect(booking.getByRole('link', { name: 'Se connecter pour réserver' })).toHaveAttribute(
    'href',
    `/auth/Login?redirect=${encodeURIComponent(`/spaces/acme-coworking-paris/rooms/${voltaire}?${query}`)}`,
  );
  await checkAtBothSizes(page, 'search-to-room-fr');

  // A phone opens the day view on that day, with that start chosen too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await untilHydrated(page);
  await expect(booking.getByRole('button', { name: 'Jour', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(booking.getByLabel('Durée')).toHaveValue('90');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'search-to-room-fr-phone');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('region', { name: 'Book' }).getByLabel('Length')).toHaveValue('90');
  await checkAtBothSizes(page, 'search-to-room-en');
  await page.getByRole('link', { name: 'Back to Acme Coworking' }).click();
  await expect(page).toHaveURL(new RegExp(`/spaces/acme-coworking-paris\\?${query}$`));
  await expect(page.getByText(/^Your search: .*, at .*, 1 h 30, 3 people\./)).toBeVisible();
  await checkAtBothSizes(page, 'search-to-space-en');
});
