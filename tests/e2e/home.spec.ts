import { expect, keepScreenshot, test } from './fixtures';

// Audited by axe in both languages at both sizes in the matrix (a11y.spec.ts).
test('the home page renders in French, switches to English and back', async ({ page, navigate }) => {
  await navigate('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trouvez et réservez votre espace de travail, près de chez vous',
  );
  await keepScreenshot(page, 'home-fr');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Find and book your workspace, close to home',
  );
  await keepScreenshot(page, 'home-en');

  // The choice is kept in the `lang` cookie: a fresh load stays in English.
  await navigate('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trouvez et réservez votre espace de travail, près de chez vous',
  );
});

test('a page is served with the security headers and nonce-carrying inline scripts', async ({ request }) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const html = await response.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? '');
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test('hashed assets are cached immutably and responses are compressed', async ({ request }) => {
  // Read from the server's HTML: React Router drops the preload links from the DOM once hydrated.
  const page = await (await request.get('/')).text();
  const asset = page.match(/<link rel="modulepreload" href="([^"]+)"/)?.[1];
  expect(asset).toMatch(/^\/assets\//);
  const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const home = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(home.headers()['content-encoding']).toBe('gzip');
});
