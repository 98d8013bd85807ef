import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};
const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
};

/** The data layer as plain JSON: gtag's `arguments` objects become arrays. */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      entry && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)
        ? Array.from(entry as ArrayLike<unknown>)
        : JSON.parse(JSON.stringify(entry)),
    ),
  );
}

const consentCommands = async (page: Page) =>
  (await dataLayer(page)).filter((entry) => Array.isArray(entry) && entry[0] === 'consent');

let gtmRequests: string[];

test.beforeEach(async ({ page }) => {
  gtmRequests = [];
  // The e2e server runs with GTM_CONTAINER_ID=GTM-E2ETEST; the tag manager itself is never loaded.
  await page.route('https://www.googletagmanager.com/**', (route) => {
    gtmRequests.push(route.request().url());
    return route.abort();
  });
});

const banner = (page: Page) => page.getByRole('region', { name: 'Vos données, votre choix.' });

test('the banner shows until accepted, stores the choice, updates consent mode and never returns', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { level: 2 })).toHaveText('Vos données, votre choix.');
  await expect(banner(page)).toContainText('nécessaires au fonctionnement du site');
  await expect(banner(page)).toContainText("mesurent l'audience");
  await expect(banner(page).getByRole('link', { name: 'En savoir plus sur les cookies' })).toHaveAttribute(
    'href',
    '/terms#cookies',
  );
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'platform-consent-banner-fr', { fullPage: false });

  // Consent defaults come first, before the tag manager's script (which was requested and blocked).
  expect(gtmRequests).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST']);
  expect(await consentCommands(page)).toEqual([['consent', 'default', { ...DENIED, wait_for_update: 500 }]]);
  await expect
    .poll(async () => (await dataLayer(page)).some((e) => (e as { event?: string }).event === 'page_view'))
    .toBe(true);

  await banner(page).getByRole('button', { name: 'Accepter et fermer' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent-v1'))).toBe(
    '{"analytics":true,"ads":true}',
  );
  expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', GRANTED]);

  await page.reload();
  await untilHydrated(page);
  // The stored choice is pushed at load, right after the defaults, and the banner stays away.
  expect(await consentCommands(page)).toEqual([
    ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
    ['consent', 'update', GRANTED],
  ]);
  // Hydrated, the banner has read the stored choice (its mount effect runs before the root's, which marks
  // the page hydrated) and rendered what it says: were it to open again, it would be on the page now.
  await expect(banner(page)).toHaveCount(0);
});

test('refusing stores both false, pushes denied, and the banner does not come back', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await banner(page).getByRole('button', { name: 'Refuser' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent-v1'))).toBe(
    '{"analytics":false,"ads":false}',
  );
  expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', DENIED]);

  await navigate('/faq');
  // Hydrated, the banner has read the stored choice and rendered it (see the test above).
  await expect(banner(page)).toHaveCount(0);
});

test('the footer button reopens the banner with the keyboard, and focus comes back after the choice', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await banner(page).getByRole('button', { name: 'Refuser' }).click();
  await expect(banner(page)).toBeHidden();

  const settings = page.getByRole('button', { name: 'Paramètres des cookies' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();
  // Tab reaches the choices; the page behind is not blocked (no focus trap, no inert page).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Refuser' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Accepter et fermer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent-v1'))).toBe(
    '{"analytics":true,"ads":true}',
  );
  expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', GRANTED]);
});

test('dismissed from the first Tab stop with the keyboard, focus goes to the page heading, not the body', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'En savoir plus sur les cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Refuser' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on the sign-up form in error, on a ${device}`, () => {
    test.use({ viewport });

    test('the banner is the first Tab stop, covers no control, and gives focus back when dismissed', async ({
      page,
      navigate,
    }) => {
      await navigate('/auth/Signup');
      await expect(banner(page)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(banner(page).getByRole('link', { name: 'En savoir plus sur les cookies' })).toBeFocused();

      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(page.getByText('Indiquez votre nom.')).toBeVisible();
      // Each control, reached as Tab reaches it, is clear of the banner.
      const bannerTop = async () => (await banner(page).boundingBox())!.y;
      const controls = page.getByRole('main').locator('a[href], button, input, select, textarea');
      const count = await controls.count();
      expect(count).toBeGreaterThan(5);
      for (let index = 0; index < count; index += 1) {
        const control = controls.nth(index);
        await control.focus();
        const box = (await control.boundingBox())!;
        expect(
          box.y + box.height,
          await control.evaluate((e) => e.outerHTML.slice(0, 80)),
        ).toBeLessThanOrEqual(await bannerTop());
      }
      // At the end of the page the last controls sit above the banner.
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      for (const control of [
        page.getByRole('button', { name: 'Créer mon compte' }),
        page.getByRole('main').getByRole('link', { name: 'Se connecter' }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(await bannerTop());
      }
      await expectNoAxeViolations(page);
      await keepScreenshot(page, `platform-consent-signup-error-${device}`, { fullPage: false });

      // A choice made with the mouse while typing: focus goes back to the field.
      const name = page.getByLabel('Nom complet');
      await name.focus();
      await banner(page).getByRole('button', { name: 'Refuser' }).click();
      await expect(banner(page)).toHaveCount(0);
      await expect(name).toBeFocused();
      // The room kept for the banner goes with it.
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
    });
  });
}

test('the banner moves nothing on the page (no layout shift)', async ({ page }) => {
  await page.addInitScript(() => {
    // Each shift with what moved, so a failure says where.
    const shifts: Array<{ at: number; value: number; moved: string[] }> = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    type Shift = {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
          const what =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}#${node.id}.${node.className} ${node.textContent?.slice(0, 40) ?? ''}`
              : String(node);
          return `${what}: ${box(previousRect)} → ${box(currentRect)}`;
        });
        shifts.push({ at: Math.round(entry.startTime), value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  // Everything that could move the page has happened: React attached, the banner measured the room it
  // keeps, the fonts and every request are in, and two more frames were painted (a shift is reported after
  // the frame it happened in).
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      document.documentElement.style.getPropertyValue('--consent-banner-height') !== '',
  );
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([]);
});

test('a page view is pushed 100 ms after each navigation', async ({ page, navigate }) => {
  // Timestamps, taken in the page, of each history change, each new main heading (the new page is on
  // screen) and each page view.
  await page.addInitScript(() => {
    const times = {
      navigations: [] as number[],
      headings: [] as Array<{ at: number; text: string }>,
      pageViews: [] as Array<{ at: number; path: string }>,
    };
    (window as unknown as { times: typeof times }).times = times;
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      times.navigations.push(performance.now());
      return pushState(...args);
    };
    const dataLayer: unknown[] = [];
    dataLayer.push = (...entries: unknown[]) => {
      for (const entry of entries) {
        const view = entry as { event?: string; page_path?: string };
        if (view.event === 'page_view')
          times.pageViews.push({ at: performance.now(), path: view.page_path ?? '' });
      }
      return Array.prototype.push.apply(dataLayer, entries);
    };
    window.dataLayer = dataLayer;
    document.addEventListener('DOMContentLoaded', () => {
      const noteHeading = () => {
        const text = document.querySelector('h1')?.textContent ?? '';
        if (text !== times.headings.at(-1)?.text) times.headings.push({ at: performance.now(), text });
      };
      noteHeading();
      new MutationObserver(noteHeading).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
  });
  await navigate('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const times = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            times: {
              navigations: number[];
              headings: Array<{ at: number; text: string }>;
              pageViews: Array<{ at: number; path: string }>;
            };
          }
        ).times,
    );
  await expect.poll(async () => (await times()).pageViews.map((view) => view.path)).toEqual(['/', '/faq']);
  const { navigations, headings, pageViews } = await times();
  const pageView = pageViews[1]!.at;
  // At least 100 ms after the navigation began…
  expect(pageView - navigations[0]!).toBeGreaterThanOrEqual(100);
  // …and about 100 ms after the new page is on screen, however long a busy machine took to render it. The
  // wait starts in React's commit; the observer notes the heading once the commit's task is over (its
  // effects run first), so it sees a little less than 100 ms: a page view pushed at once would be near 0.
  const faqShown = headings.find((heading) => heading.text !== headings[0]!.text)!.at;
  expect(pageView - faqShown).toBeGreaterThanOrEqual(50);
  expect(pageView - faqShown).toBeLessThan(600);
});

test.describe('in English', () => {
  test('the banner speaks English', async ({ page, navigate, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
    await navigate('/');
    const english = page.getByRole('region', { name: 'Your data, your choice.' });
    await expect(english.getByRole('button', { name: 'Refuse' })).toBeVisible();
    await expect(english.getByRole('button', { name: 'Accept and close' })).toBeVisible();
    await expect(english).toContainText('needed for the site to work');
    await expect(english).toContainText('measure our audience');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-consent-banner-en', { fullPage: false });
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the banner fits the screen with both choices in reach', async ({ page, navigate }) => {
    await navigate('/');
    await expect(banner(page)).toBeVisible();
    for (const name of ['Refuser', 'Accepter et fermer']) {
      const box = await banner(page).getByRole('button', { name }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    }
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'platform-consent-banner-phone', { fullPage: false });
  });
});
