import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test, untilHydrated } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// The pages here are audited by axe in both languages at both sizes in the matrix (a11y.spec.ts).

/** Screenshots of the page as it is, on a desktop and on a phone (390 px), named `<name>-<locale>-…`. */
async function shoot(page: Page, name: string, locale: 'fr' | 'en') {
  await page.setViewportSize(DESKTOP);
  await keepScreenshot(page, `${name}-${locale}-desktop`);
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, `${name}-${locale}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Answers the cookie banner so it does not cover what the screenshots show. */
async function refuseCookies(page: Page) {
  await page.getByRole('button', { name: /^(Refuser|Refuse)$/ }).click();
}

async function switchToEnglish(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('the home page offers a search box and featured spaces', async ({ page, navigate }) => {
  await navigate('/');
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trouvez et réservez votre espace de travail, près de chez vous',
  );
  const box = page.getByRole('form', { name: 'Trouver un espace' });
  await expect(page.getByRole('heading', { name: 'Espaces à la une' })).toBeVisible();
  // One space per city: six cards.
  await expect(page.getByRole('region', { name: 'Espaces à la une' }).getByRole('article')).toHaveCount(6);
  await shoot(page, 'home-search', 'fr');

  await box.getByLabel('Où ?').fill('Lyon');
  await box.getByLabel('Combien ?').fill('6');
  await box.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/\/search\?city=Lyon&people=6$/);
  await expect(page.getByTestId('result-count')).toHaveText('2 espaces trouvés');

  await navigate('/');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { name: 'Featured spaces' })).toBeVisible();
  await shoot(page, 'home-search', 'en');
});

test('all spaces: every published space, sorted and paginated', async ({ page, navigate }) => {
  await navigate('/spaces/all');
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Tous les espaces' })).toBeVisible();
  await expect(page.getByText('10 espaces', { exact: true })).toBeVisible();
  const names = page.locator('main h2');
  await expect(names).toHaveCount(10);
  await expect(names.first()).toHaveText('Acme Coworking');
  await expect(page.getByText('Le Comptoir')).toHaveCount(0);
  await shoot(page, 'spaces-all', 'fr');

  await page.getByLabel('Trier par').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  await expect(names.first()).toHaveText('Île de Nantes Coworking');

  await switchToEnglish(page);
  await expect(page.getByText('10 spaces', { exact: true })).toBeVisible();
  await shoot(page, 'spaces-all', 'en');
});

test('a space page: photos, description, hours in its zone, rooms and a map', async ({ page, navigate }) => {
  await navigate('/spaces/acme-coworking-paris');
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Coworking' })).toBeVisible();
  await expect(page.getByText('Au cœur du 11e arrondissement')).toBeVisible();
  await expect(page.getByText('Heure locale (Europe/Paris)')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lundi 08:30 – 20:00/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Dimanche Fermé/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Salle Voltaire' })).toBeVisible();
  // The map loads as it comes near the screen (decision 018): scrolled to, it shows the space's marker.
  const map = page.getByRole('region', { name: 'Carte : Acme Coworking' });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(page.locator('.escale-marker')).toHaveCount(1);
  await shoot(page, 'space', 'fr');

  await switchToEnglish(page);
  await expect(page.getByText('In the heart of the 11th arrondissement')).toBeVisible();
  await expect(page.getByRole('row', { name: /Monday 08:30 – 20:00/ })).toBeVisible();
  await shoot(page, 'space', 'en');
});

test('a room page under its space, and the 404 page under another space', async ({ page, navigate }) => {
  await navigate('/spaces/acme-coworking-paris');
  await refuseCookies(page);
  await page.getByRole('link', { name: 'Salle Voltaire' }).click();
  await expect(page).toHaveURL(/\/spaces\/acme-coworking-paris\/rooms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Salle Voltaire' })).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Une heure 45,00\s€ hors taxes 54,00\s€ toutes taxes comprises/ }),
  ).toBeVisible();
  await shoot(page, 'room', 'fr');
  const roomId = new URL(page.url()).pathname.split('/').pop()!;

  await navigate(`/rooms/${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Salle Voltaire' })).toBeVisible();
  await switchToEnglish(page);
  await expect(
    page.getByRole('row', { name: /One hour €45\.00 excl\. VAT €54\.00 incl\. VAT/ }),
  ).toBeVisible();
  await shoot(page, 'room', 'en');

  const wrong = await page.goto(`/spaces/la-ruche-lyon/rooms/${roomId}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible();
});

test('a crawler gets the name, the description and the JSON-LD in the first HTML', async ({ request }) => {
  const response = await request.get('/spaces/la-ruche-lyon', {
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  expect(html).toContain('<h1');
  expect(html).toContain('La Ruche Lyon');
  expect(html).toContain('Sur les quais de Saône');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/spaces\/la-ruche-lyon"/);
  expect(html).toContain('property="og:title"');
  const jsonLd = /<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/s.exec(html);
  expect(jsonLd?.[1]).toBe(nonce);
  const data = JSON.parse(jsonLd![2]!);
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: 'La Ruche Lyon',
    address: { addressLocality: 'Lyon', postalCode: '69001' },
    geo: { latitude: 45.7686, longitude: 4.8235 },
  });
  expect(data.description).toMatch(/^Sur les quais de Saône/);
  expect(data.openingHoursSpecification).toContainEqual({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: 'https://schema.org/Monday',
    opens: '08:00',
    closes: '19:00',
  });
});

test('sitemap.xml lists the catalogue and robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/spaces/acme-coworking-paris</loc>`);
  expect(xml).toMatch(/<loc>[^<]*\/spaces\/la-ruche-lyon\/rooms\/[0-9a-f-]{36}<\/loc>/);
  expect(xml).not.toContain('le-comptoir-nantes');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /myspaces');
});

test('a draft space and an unknown one give the 404 page', async ({ page }) => {
  expect((await page.goto('/spaces/le-comptoir-nantes'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Erreur 404' })).toBeVisible();
  expect((await page.goto('/spaces/nowhere'))?.status()).toBe(404);
});

test('a visitor in another time zone sees the space’s own hours and days', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, timezoneId: 'America/New_York', locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/spaces/acme-coworking-paris');
  await untilHydrated(page);
  const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const days = page.getByTestId('next-days').getByRole('listitem');
  // The first day listed is today in Paris, whatever the date is in New York.
  await expect(days.first()).toHaveAttribute('data-date', paris);
  await expect(page.getByRole('row', { name: /Lundi 08:30 – 20:00/ })).toBeVisible();
  // The Monday among the seven days listed (today's line says "Aujourd'hui" instead of its weekday).
  const monday = Array.from({ length: 7 }, (_, offset) => {
    const day = new Date(`${paris}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + offset);
    return day;
  }).find((day) => day.getUTCDay() === 1)!;
  await expect(days.and(page.locator(`[data-date="${monday.toISOString().slice(0, 10)}"]`))).toContainText(
    '08:30 – 20:00',
  );
  await context.close();
});

test('a space’s subdomain opens its page in its colour', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://acme.localhost:${port}/`);
  await expect(page).toHaveURL(`http://acme.localhost:${port}/spaces/acme-coworking-paris`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Coworking' })).toBeVisible();
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary).toBe('#0f766e');
});
