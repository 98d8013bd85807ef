import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
});

/** Counts the document loads of the page (first load and reloads). */
function countDocuments(page: Page, pathname: string) {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === pathname) {
      loads.push(request.url());
    }
  });
  return loads;
}

const setMarker = (page: Page) =>
  page.evaluate(() => ((window as unknown as { marker?: string }).marker = 'same-document'));
const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

test.describe('build freshness', () => {
  test('with the same build, a link is a client-side navigation', async ({ page, navigate }) => {
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/build'));
    await navigate('/une-page-absente');
    const answer = await (await checked).json();
    expect(answer.buildId).toEqual(expect.any(String));
    await setMarker(page);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await marker(page)).toBe('same-document');
  });

  test('once the server runs a newer build, the next link is a full page load', async ({
    page,
    navigate,
  }) => {
    // The server now answers another build id, as after a deployment.
    await page.addInitScript(() => {
      // Notes when the page has read the build check's answer (its watcher then knows, a few microtasks on).
      const original = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const response = await original(...args);
        const url = args[0] instanceof Request ? args[0].url : String(args[0]);
        if (!url.endsWith('/api/build')) return response;
        const read = response.json.bind(response);
        response.json = async () => {
          const body: unknown = await read();
          queueMicrotask(() => ((window as unknown as { buildAnswerRead: boolean }).buildAnswerRead = true));
          return body;
        };
        return response;
      };
    });
    await page.route('**/api/build', (route) =>
      route.fulfill({ json: { buildId: 'a-newer-build' }, headers: { 'Cache-Control': 'no-store' } }),
    );
    const startedAt = Date.now();
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/build'));
    await navigate('/une-page-absente');
    await checked;
    // About one second after start.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    await page.waitForFunction(
      () => (window as unknown as { buildAnswerRead?: boolean }).buildAnswerRead === true,
    );
    await setMarker(page);
    const homeLoads = countDocuments(page, '/');
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await untilHydrated(page);
    expect(await marker(page)).toBeUndefined();
    expect(homeLoads).toHaveLength(1);
  });
});

test.describe('chunk-load errors', () => {
  const HOME_CHUNK = /\/assets\/home-[^/]+\.js$/;

  test('a page whose own chunk fails reloads once, not in a loop', async ({ page }) => {
    await page.route(HOME_CHUNK, (route) => route.abort());
    const loads = countDocuments(page, '/');
    await page.goto('/');
    // The guard reloads once; the chunk fails again, and it does not reload again. A reload only follows a
    // failed request, at once: once the reloaded page has nothing left to fetch, none can come.
    await expect.poll(() => loads.length).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(loads).toHaveLength(2);
    const log = await page.evaluate(() => JSON.parse(sessionStorage.getItem('escale-chunk-reloads') ?? '{}'));
    expect(Object.keys(log)).toEqual(['/']);
  });

  test('a route chunk failing during a client-side navigation reloads the page once', async ({
    page,
    navigate,
  }) => {
    await navigate('/une-page-absente');
    await page.route(HOME_CHUNK, (route) => route.abort());
    const loads = countDocuments(page, '/une-page-absente');
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect.poll(() => loads.length).toBe(1);
    // No second reload: the reloaded page is hydrated and has nothing left to fetch (see the test above).
    await untilHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(loads).toHaveLength(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
  });
});
