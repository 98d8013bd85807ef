import { signInAs } from './accounts';
import { setAppClock } from './clock';
import { expect, keepScreenshot, test } from './fixtures';

/** A demo article (server/demo/demo-articles.ts), published in both languages. */
const DEMO_ARTICLE = '/blog/article/reussir-sa-reunion-hors-les-murs';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** "2026-12-01T09:30": an instant as Paris's wall-clock time, the way a datetime-local field takes it. */
function parisLocal(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test.afterEach(() => setAppClock(null));

test('an article scheduled by an admin appears on the blog, in the feed and in the sitemap at its time', async ({
  page,
  navigate,
}) => {
  test.slow();
  await signInAs(page, 'admin');
  const slug = `journee-portes-ouvertes-${Date.now()}`;
  const title = 'Journée portes ouvertes dans nos espaces';

  await navigate('/admin/blog/new');
  await page.getByLabel('Adresse de l’article').fill(slug);
  await page.getByLabel('Thèmes').fill('événements, coworking');
  await page.getByLabel('Titre').fill(title);
  await page.getByLabel('Résumé').fill('Venez découvrir les espaces près de chez vous, un café vous attend.');
  await page
    .getByLabel('Texte', { exact: true })
    .fill('## Au programme\n\n- Visite\n- Café\n\n<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByRole('region', { name: `Aperçu : ${title}` });
  await expect(preview.getByRole('heading', { name: 'Au programme' })).toBeVisible();
  await expect(preview).toContainText('<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);

  // Scheduled three days ahead, at Paris's wall-clock time.
  const publishAt = new Date(Date.now() + 3 * 86_400_000);
  publishAt.setUTCSeconds(0, 0);
  await page.getByLabel('Date et heure de publication (heure de Paris)').fill(parisLocal(publishAt));
  await page.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(page.getByText('Programmé', { exact: true })).toBeVisible();
  await keepScreenshot(page, 'admin-blog-article-scheduled-fr');

  const visibility = async () => {
    const blog = await page.request.get('/blog');
    const feed = await page.request.get('/blog/feed.xml');
    const sitemap = await page.request.get('/sitemap.xml');
    const article = await page.request.get(`/blog/article/${slug}`);
    return {
      blog: (await blog.text()).includes(title),
      feed: (await feed.text()).includes(`/blog/article/${slug}`),
      sitemap: (await sitemap.text()).includes(`/blog/article/${slug}`),
      article: article.status(),
    };
  };
  expect(await visibility()).toEqual({ blog: false, feed: false, sitemap: false, article: 404 });

  // A minute before its time: still hidden. At its time: everywhere.
  setAppClock(new Date(publishAt.getTime() - 60_000));
  expect(await visibility()).toEqual({ blog: false, feed: false, sitemap: false, article: 404 });
  setAppClock(publishAt);
  expect(await visibility()).toEqual({ blog: true, feed: true, sitemap: true, article: 200 });

  await navigate('/blog');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { name: 'Au programme' })).toBeVisible();
  // The raw HTML is words on the page, never an element.
  await expect(page.locator('main script')).toHaveCount(0);
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
});

test('a crawler gets the title, the description and BlogPosting in the first HTML', async ({ request }) => {
  const response = await request.get(DEMO_ARTICLE, { headers: { 'User-Agent': GOOGLEBOT } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Réussir sa réunion hors les murs · Escale</title>');
  expect(html).toMatch(
    /<meta name="description" content="Une équipe dispersée, une journée pour se retrouver/,
  );
  expect(html).toMatch(/<meta property="og:type" content="article"/);
  const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html);
  expect(jsonLd).not.toBeNull();
  const data = JSON.parse(jsonLd![1]!) as Record<string, unknown>;
  expect(data).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'Réussir sa réunion hors les murs',
    inLanguage: 'fr',
    author: { name: 'Équipe Escale' },
  });
});

test('the blog lists by topic, pages and links its feed; the home page shows the latest articles', async ({
  page,
  navigate,
}) => {
  await navigate('/blog');
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    '/blog/feed.xml',
  );
  await page
    .getByRole('navigation', { name: 'Thèmes' })
    .getByRole('link', { name: /réunions/ })
    .click();
  await expect(page).toHaveURL(/\/blog\?tag=r%C3%A9unions$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles sur « réunions »');
  await expect(page.getByRole('article')).toHaveCount(1);

  await navigate(DEMO_ARTICLE);
  const neighbours = page.getByRole('navigation', { name: 'Autres articles' });
  await expect(neighbours.getByRole('link', { name: /Article précédent/ })).toContainText(
    'Travailler près de chez soi',
  );
  await expect(neighbours.getByRole('link', { name: /Article suivant/ })).toContainText(
    'Ouvrir un tiers-lieu',
  );

  await navigate('/');
  await expect(page.getByRole('region', { name: 'Sur le blog' }).getByRole('article')).toHaveCount(3);
});

test('people who are not admins never see the admin area', async ({ page, navigate }) => {
  const signedOut = await page.request.get('/admin/blog', { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/^\/auth\/Login/);
  await signInAs(page, 'manager');
  await navigate('/admin/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
});
