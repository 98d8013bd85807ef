import { CONTENT_PAGES } from './content-pages';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';

test('the footer links to every content page', async ({ page, navigate }) => {
  await navigate('/');
  const footer = page.getByRole('navigation', { name: 'Informations' });
  for (const screen of CONTENT_PAGES) await expect(footer.locator(`a[href="${screen.path}"]`)).toBeVisible();
});

test('the cookie policy has its own anchor and names the consent key', async ({ page, navigate }) => {
  await navigate('/terms#cookies');
  const section = page.locator('h2#cookies');
  await expect(section).toHaveText('Cookies et stockage local');
  await expect(page.getByText('cookie-consent-v1').first()).toBeVisible();
});

test('the FAQ opens an answer and carries FAQPage data with the CSP nonce', async ({
  page,
  navigate,
  request,
}) => {
  await navigate('/faq');
  const question = page.getByRole('button', { name: 'Comment annuler une réservation ?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Le créneau est aussitôt rendu aux autres membres.')).toBeVisible();

  const response = await request.get('/faq');
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  const html = await response.text();
  const match = /<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/s.exec(html);
  expect(match?.[1]).toBe(nonce);
  const data = JSON.parse(match![2]!) as { '@type': string; mainEntity: Array<{ name: string }> };
  expect(data['@type']).toBe('FAQPage');
  // French typography puts a narrow no-break space before "?": compare with plain spaces.
  const questions = data.mainEntity.map((entry) => entry.name.replace(/\s/g, ' '));
  expect(questions).toContain('Comment annuler une réservation ?');
  expect(questions.length).toBeGreaterThan(20);
});

test('the pricing page shows prices excluding and including VAT and leads to sign-up', async ({
  page,
  navigate,
}) => {
  await navigate('/pricing');
  const pro = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
  await expect(pro).toContainText(/79,00\s€/);
  await expect(pro).toContainText(/94,80\s€ TTC/);
  await expect(pro.getByRole('link', { name: 'Créer mon espace' })).toHaveAttribute('href', '/auth/Signup');
  await expect(page.getByRole('link', { name: 'Découvrir le logiciel' })).toHaveAttribute(
    'href',
    '/software',
  );
});

test('the CO2 calculator computes as one types, then keeps the result in the URL', async ({
  page,
  navigate,
}) => {
  await navigate('/co2');
  const result = page.getByTestId('co2-result');
  await expect(result).toHaveText('Indiquez la distance de votre trajet pour voir le résultat.');
  await page.getByLabel('Distance domicile-travail (km)').fill('20');
  await page.getByLabel('Mode de transport habituel').selectOption('carPetrol');
  await page.getByLabel('Jours par semaine près de chez vous').fill('2');
  await page.getByLabel('Semaines travaillées par an').fill('47');
  // 20 km × 2 × 2 days × 0.2234 kg/km = 17.872 kg a week; × 47 weeks = 839.98 kg a year.
  await expect(result).toContainText('840 kg CO₂e');
  await expect(result).toContainText('17,9 kg CO₂e');
  await expect(page).toHaveURL(/\/co2$/);
  await page.getByRole('button', { name: 'Calculer' }).click();
  await expect(page).toHaveURL(/\/co2\?distance=20&mode=carPetrol&days=2&weeks=47$/);
  await expect(result).toContainText('840 kg CO₂e');

  await page.getByLabel('Distance domicile-travail (km)').fill('loin');
  await page.getByLabel('Distance domicile-travail (km)').blur();
  await expect(page.getByText('Indiquez un nombre, par exemple 12,5.')).toBeVisible();
  await expect(result).toHaveText('Corrigez les champs signalés pour voir le résultat.');
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the CO2 calculator submits to the server, which computes the result or names the error', async ({
    page,
  }) => {
    await page.goto('/co2');
    await page.getByLabel('Distance domicile-travail (km)').fill('20');
    await page.getByLabel('Mode de transport habituel').selectOption('carPetrol');
    await page.getByLabel('Jours par semaine près de chez vous').fill('2');
    await page.getByLabel('Semaines travaillées par an').fill('47');
    await page.getByRole('button', { name: 'Calculer' }).click();
    await expect(page).toHaveURL(/\/co2\?distance=20&mode=carPetrol&days=2&weeks=47$/);
    const result = page.getByTestId('co2-result');
    await expect(result).toContainText('840 kg CO₂e');
    await expect(result).toContainText('17,9 kg CO₂e');
    await keepScreenshot(page, 'content-co2-result-nojs');

    await page.goto('/co2?distance=&mode=bus&days=9&weeks=47');
    await expect(page.getByText('Indiquez la distance de votre trajet.')).toBeVisible();
    await expect(page.getByText('Indiquez un nombre entier de jours, de 1 à 7.')).toBeVisible();
    await expect(result).toHaveText('Corrigez les champs signalés pour voir le résultat.');
  });
});
