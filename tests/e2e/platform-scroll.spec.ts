import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Seed section 2: after a navigation, every scroll waits 1000 ms; then to the hash target smoothly, 64 px
 * above it; back/forward restores the saved position; otherwise smoothly to the top. Times are taken in
 * the page: when the address changed, and each scroll position with its time.
 */
const DELAY_MS = 1000;
const HASH_OFFSET_PX = 64;

test.use({ viewport: { width: 1000, height: 300 } });

test.beforeEach(async ({ page }) => {
  // A stored choice keeps the cookie banner out of the way.
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
});

interface Recording {
  navigatedAt: number | null;
  scrolls: Array<{ at: number; y: number }>;
}

/** From now on, records when the address changes (link or back/forward) and every scroll position. */
async function record(page: Page) {
  await page.evaluate(() => {
    const recording: Recording = { navigatedAt: null, scrolls: [] };
    const w = window as unknown as { recording: Recording; recordingInstalled?: boolean };
    w.recording = recording;
    if (w.recordingInstalled) return;
    w.recordingInstalled = true;
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      w.recording.navigatedAt ??= performance.now();
      return pushState(...args);
    };
    window.addEventListener('popstate', () => (w.recording.navigatedAt ??= performance.now()));
    window.addEventListener(
      'scroll',
      () => w.recording.scrolls.push({ at: performance.now(), y: window.scrollY }),
      { passive: true },
    );
  });
}

const recording = (page: Page) =>
  page.evaluate(() => (window as unknown as { recording: Recording }).recording);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => scrollY(page)).toBe(top);
  // The position is recorded on the next animation frame.
  await page.waitForTimeout(200);
}

/**
 * Scrolls the 404 page to about `top` with its home link in view, as Playwright's click would otherwise do
 * just before clicking (and the recording would count that scroll as the app's). Answers the position.
 */
async function scrollNearLink(page: Page, top: number): Promise<number> {
  await scrollTo(page, top);
  await page.getByRole('link', { name: "Retour à l'accueil" }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  return scrollY(page);
}

/** Nothing moved during the first second after the navigation; it moved afterwards, smoothly if asked. */
async function expectDelayedScroll(page: Page, options: { smooth: boolean }) {
  const { navigatedAt, scrolls } = await recording(page);
  expect(navigatedAt).not.toBeNull();
  expect(scrolls.length).toBeGreaterThan(0);
  expect(scrolls.filter((entry) => entry.at < navigatedAt! + DELAY_MS)).toEqual([]);
  // A smooth scroll passes through several positions; an instant one jumps at once.
  if (options.smooth) expect(scrolls.length).toBeGreaterThan(2);
  else expect(scrolls.length).toBe(1);
}

const HOME_HEADING = 'Trouvez et réservez votre espace de travail, près de chez vous';

test('a link scrolls smoothly to the top after 1000 ms; back and forward restore the positions', async ({
  page,
  navigate,
}) => {
  await navigate('/une-page-absente');
  await page.waitForTimeout(DELAY_MS + 200);
  const savedTop = await scrollNearLink(page, 250);

  // A link: the new page keeps the old position for a second, then glides to the top.
  await record(page);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await expect.poll(() => scrollY(page)).toBe(0);
  await expectDelayedScroll(page, { smooth: true });

  // Back: the 404 page comes back where it was, a second later (350 fits in both pages: nothing clamps it).
  await scrollTo(page, 350);
  await record(page);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
  await expect.poll(() => scrollY(page)).toBe(savedTop);
  await expectDelayedScroll(page, { smooth: false });

  // Forward: the home page comes back at 350.
  await record(page);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await expect.poll(() => scrollY(page)).toBe(350);
  await expectDelayedScroll(page, { smooth: false });
});

test('a link to a hash scrolls smoothly to 64 px above its target after 1000 ms', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await page.waitForTimeout(DELAY_MS + 200);
  await record(page);
  // What a <Link to="/#how-it-works"> does when clicked.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate('/#how-it-works'),
  );
  await expect(page).toHaveURL(/#how-it-works$/);
  const targetTop = () =>
    page.evaluate(() => Math.round(document.getElementById('how-it-works')!.getBoundingClientRect().top));
  await expect.poll(targetTop).toBe(HASH_OFFSET_PX);
  await expectDelayedScroll(page, { smooth: true });
});

test('scrolling by hand during the wait cancels the pending scroll', async ({ page, navigate }) => {
  await navigate('/une-page-absente');
  await page.waitForTimeout(DELAY_MS + 200);
  const top = await scrollNearLink(page, 250);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  // The new page is on screen (React has committed it); less than a second has passed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await page.mouse.move(500, 150);
  await page.mouse.wheel(0, 100);
  await expect.poll(() => scrollY(page)).toBe(top + 100);
  await page.waitForTimeout(DELAY_MS + 300);
  expect(await scrollY(page)).toBe(top + 100);
});
