import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { checkAtBothSizes, parisDate, refuseCookies, spaceIdOf } from './booking';
import { callApi } from './factories';
import { expect, test } from './fixtures';
import { gradientPng } from './picture';

/**
 * An event's cover (issue 16): the manager uploads it in the event's back office with its alternative text;
 * once the event is published, its page shows it, names it in its link preview and its JSON-LD, and anyone
 * can fetch it at /media. Axe and screenshots of the back office and the page, French and English.
 */

async function checkInBothLanguages(page: Page, name: string) {
  await checkAtBothSizes(page, `${name}-fr`);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checkAtBothSizes(page, `${name}-en`);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
}

test('a manager gives an event a cover, shown on its public page and in its previews', async ({
  page,
  navigate,
  browser,
}) => {
  test.slow();
  await signInAs(page, 'manager');
  const spaceId = await spaceIdOf(page, 'acme-coworking-paris');
  const day = parisDate(40);
  const { id } = await callApi<{ id: string }>(page, 'events.create', {
    spaceId,
    event: {
      titleFr: 'Atelier linogravure',
      titleEn: 'Linocut workshop',
      descriptionFr: 'Graver, encrer, imprimer.',
      startsAt: `${day}T18:00`,
      endsAt: `${day}T20:00`,
      capacity: 12,
    },
  });

  await navigate(`/myspaces/${spaceId}/events/${id}`);
  await refuseCookies(page);
  const section = page.getByRole('region', { name: 'Image de couverture' });
  await section.getByTestId('event-cover-input').setInputFiles({
    name: 'linogravure.png',
    mimeType: 'image/png',
    buffer: gradientPng(900, 450, [79, 70, 229], [245, 158, 11]),
  });
  await expect(section.getByRole('img')).toBeVisible();
  await section.getByRole('button', { name: 'Enregistrer l’image' }).click();
  await expect(section.getByText('Décrivez l’image (texte en français).')).toBeVisible();
  await section.getByLabel('Texte alternatif (français)').fill('Des gouges posées sur une plaque gravée');
  await section.getByLabel('Texte alternatif (anglais)').fill('Gouges on a carved plate');
  await section.getByRole('button', { name: 'Enregistrer l’image' }).click();
  await expect(page.getByText('Image de couverture enregistrée.', { exact: true })).toBeVisible();
  await checkInBothLanguages(page, 'event-cover-office');

  await callApi(page, 'events.publish', { id });
  await navigate(`/events/${id}`);
  const cover = page.getByRole('img', { name: 'Des gouges posées sur une plaque gravée' });
  await expect(cover).toBeVisible();
  const src = (await cover.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/);
  // The page lists the cover's widths; the browser fetches the one the column needs, not the upload.
  await expect(cover).toHaveAttribute('srcset', `${src}?w=480 480w, ${src}?w=960 960w, ${src}?w=1600 1600w`);
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/\?w=(480|960)$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${src}$`));
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as {
    image?: string;
  };
  expect(jsonLd.image).toMatch(new RegExp(`${src}$`));
  await checkInBothLanguages(page, 'event-cover-page');

  // Anyone reads it, signed in or not.
  const visitor = await browser.newContext({ baseURL: appOrigin() });
  expect((await visitor.request.get(src)).status()).toBe(200);
  await visitor.close();
});
