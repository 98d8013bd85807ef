import { signInAs } from './accounts';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test.describe('the 404 page', () => {
  test('in French: status 404, title, heading, texts, illustration', async ({ page }) => {
    const response = await page.goto('/nulle-part/ici');
    expect(response?.status()).toBe(404);
    await untilHydrated(page);
    await expect(page).toHaveTitle('Escale - Erreur 404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
    await expect(page.getByText("La page demandée n'existe pas. Dommage...")).toBeVisible();
    await expect(page.getByText('Page not found: /nulle-part/ici')).toBeVisible();
    await expect(page.locator('main svg')).toBeVisible();
    // Audited by axe in both languages at both sizes in the matrix (a11y.spec.ts: not-found).
    await keepScreenshot(page, 'platform-404-fr');
  });

  test.describe('in English', () => {
    test('status 404 and the English texts', async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
      const response = await page.goto('/nowhere');
      expect(response?.status()).toBe(404);
      await untilHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page).toHaveTitle('Escale - Error 404');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error 404');
      await expect(page.getByText('The page you asked for does not exist. Too bad...')).toBeVisible();
      await expect(page.getByText('Page not found: /nowhere')).toBeVisible();
      await keepScreenshot(page, 'platform-404-en');
    });
  });

  test('leads back home with a client-side navigation', async ({ page, navigate }) => {
    await navigate('/introuvable');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Trouvez et réservez votre espace de travail, près de chez vous',
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same-document',
    );
  });
});

test.describe('malformed ids', () => {
  // An id the app cannot read names a page that does not exist: the 404 page, not an error to retry.
  for (const path of ['/events/1', '/formulas/1', '/rooms/1', '/spaces/1/rooms/1', '/blog/article/1']) {
    test(`${path} gives the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
      await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    });
  }

  test('in the back office too', async ({ page }) => {
    await signInAs(page, 'manager');
    for (const path of [
      '/myspaces/1',
      '/myspaces/1/invoicing',
      '/myspaces/1/documents',
      '/myspaces/1/events/1',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
    }
    await expectNoAxeViolations(page);
  });
});

test.describe('the error page', () => {
  test('shows an error the server answered with, its status and no axe violations', async ({
    page,
    navigate,
  }) => {
    await navigate('/');
    // Every page-data request fails from now on, as when the server is broken.
    await page.route('**/*.data*', (route) => route.fulfill({ status: 500, body: 'Internal error' }));
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Accueil' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 500');
    await expect(page).toHaveTitle('Escale - Erreur 500');
    await expect(
      page.getByText('Une erreur inattendue est survenue. Réessayez dans un instant.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-error-500');
  });

  test('a request the page cannot take renders the error page with its status', async ({
    page,
    navigate,
  }) => {
    await navigate('/');
    // A form posted to a page without an action: the server answers 405 with the error page.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/'),
      page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/';
        document.body.append(form);
        form.submit();
      }),
    ]);
    expect(response.status()).toBe(405);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 405');
    await expectNoAxeViolations(page);
  });
});

test.describe('crawlers', () => {
  test('get a minimal answer instead of the 404 page', async ({ request }) => {
    const response = await request.get('/nulle-part', { headers: { 'User-Agent': GOOGLEBOT } });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Error 404');
  });

  test('get a minimal answer instead of the error page', async ({ request }) => {
    const response = await request.post('/', { headers: { 'User-Agent': GOOGLEBOT }, form: { x: '1' } });
    expect(response.status()).toBe(405);
    expect(await response.text()).toBe('Error 405');
  });

  test('get real pages as usual', async ({ request }) => {
    const response = await request.get('/', { headers: { 'User-Agent': GOOGLEBOT } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<h1');
  });
});

test.describe('site route rules', () => {
  const RULES = [
    ['/auth/login?redirect=%2Fprofile', '/auth/Login?redirect=%2Fprofile'],
    ['/auth/reset', '/auth/Reset'],
    ['/auth/signup', '/auth/Signup'],
    ['/auth/VALIDATED', '/auth/validated'],
  ] as const;
  for (const [path, location] of RULES) {
    test(`${path} redirects to ${location} before rendering`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(308);
      expect(response.headers()['location']).toBe(location);
    });
  }
});
