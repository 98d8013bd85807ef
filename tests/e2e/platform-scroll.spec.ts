import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';

/**
 * Seed section 2: after a navigation, every scroll waits 1000 ms; then to the hash target smoothly, 64 px
 * above it; back/forward restores the saved position; otherwise smoothly to the top. Another page is shown
 * from its top from its first frame, never at the old page's offset during the wait. Times are taken in
 * the page: when the address changed, each scroll position and each painted frame.
 */
const DELAY_MS = 1000;
const HASH_OFFSET_PX = 64;

test.use({ viewport: { width: 1000, height: 300 } });

test.beforeEach(async ({ page }) => {
  // A stored choice keeps the cookie banner out of the way.
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
  // The page's one-second timers (the scroll manager's wait, the build check), kept while pending: a test
  // waits until none is left rather than for a second and a bit.
  await page.addInitScript((delay) => {
    const pending = new Set<number>();
    (window as unknown as { pendingDelayTimers: Set<number> }).pendingDelayTimers = pending;
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      if (timeout !== delay || typeof handler !== 'function') return set(handler, timeout, ...args);
      const id = set(
        (...given: unknown[]) => {
          pending.delete(id);
          (handler as (...parameters: unknown[]) => void)(...given);
        },
        timeout,
        ...args,
      );
      pending.add(id);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
  }, DELAY_MS);
});

/** Until the page's pending one-second timers have run: the scroll planned when the page loaded is over. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { pendingDelayTimers: Set<number> }).pendingDelayTimers.size === 0,
  );
}

/** Until the page has painted two more frames (a scroll position is recorded on the next one). */
async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

interface Recording {
  navigatedAt: number | null;
  scrolls: Array<{ at: number; y: number }>;
  /** Every frame the page painted: when, at which offset, and which page (its heading) it showed. */
  frames: Array<{ at: number; y: number; heading: string }>;
}

/**
 * From now on, records when the address changes (link or back/forward), every scroll position and every
 * frame (its offset and the heading on screen), taken in the page.
 */
async function record(page: Page) {
  await page.evaluate(() => {
    const recording: Recording = { navigatedAt: null, scrolls: [], frames: [] };
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
    const frame = (at: number) => {
      const heading = document.querySelector('h1')?.textContent ?? '';
      w.recording.frames.push({ at, y: window.scrollY, heading });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const recording = (page: Page) =>
  page.evaluate(() => (window as unknown as { recording: Recording }).recording);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => scrollY(page)).toBe(top);
  // The position is recorded on the next animation frame.
  await nextFrames(page);
}

/**
 * Scrolls the 404 page to about `top` with its home link in view, as Playwright's click would otherwise do
 * just before clicking (and the recording would count that scroll as the app's). Answers the position.
 */
async function scrollNearLink(page: Page, top: number): Promise<number> {
  await scrollTo(page, top);
  await page.getByRole('link', { name: "Retour à l'accueil" }).scrollIntoViewIfNeeded();
  await nextFrames(page);
  return scrollY(page);
}

/** Until more than the scroll delay has passed since the navigation, so that the delayed scroll is over. */
async function pastTheDelay(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => performance.now() - (window as unknown as { recording: Recording }).recording.navigatedAt!,
      ),
    )
    .toBeGreaterThan(DELAY_MS + 400);
}

/** Each frame that showed the page headed `heading` during the wait was at its top: never the old offset. */
async function expectShownFromTop(page: Page, heading: string) {
  const { navigatedAt, frames } = await recording(page);
  expect(navigatedAt).not.toBeNull();
  const waiting = frames.filter((f) => f.heading === heading && f.at < navigatedAt! + DELAY_MS);
  expect(waiting.length).toBeGreaterThan(0);
  expect(waiting.filter((f) => f.y !== 0)).toEqual([]);
}

/** Nothing moved away from where the page was shown during the first second; it moved afterwards. */
async function expectDelayedScroll(page: Page, options: { smooth: boolean; from?: number }) {
  const { navigatedAt, scrolls } = await recording(page);
  expect(navigatedAt).not.toBeNull();
  // The only early scroll allowed is the new page being shown from its top (`from: 0`), before it paints.
  const moves = scrolls.filter((entry) => options.from === undefined || entry.y !== options.from);
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.filter((entry) => entry.at < navigatedAt! + DELAY_MS)).toEqual([]);
  // A smooth scroll passes through several positions; an instant one jumps at once.
  if (options.smooth) expect(moves.length).toBeGreaterThan(2);
  else expect(moves.length).toBe(1);
}

const HOME_HEADING = 'Trouvez et réservez votre espace de travail, près de chez vous';
const navigateInApp = (page: Page, to: string) =>
  page.evaluate(
    (target) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate(target),
    to,
  );

test('a link shows the new page from its top at once; back and forward restore the positions after 1000 ms', async ({
  page,
  navigate,
}) => {
  await navigate('/une-page-absente');
  await settled(page);
  const savedTop = await scrollNearLink(page, 250);

  // A link: the home page is on screen from its top; the (smooth) scroll to the top has nothing left to do.
  await record(page);
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await pastTheDelay(page);
  await expectShownFromTop(page, HOME_HEADING);
  expect((await recording(page)).scrolls.filter((entry) => entry.y !== 0)).toEqual([]);

  // Back: the 404 page shows from its top, and a second later comes back where it was (350 fits in both
  // pages: nothing clamps it).
  await scrollTo(page, 350);
  await record(page);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erreur 404');
  await expect.poll(() => scrollY(page)).toBe(savedTop);
  await expectShownFromTop(page, 'Erreur 404');
  await expectDelayedScroll(page, { smooth: false, from: 0 });

  // Forward: the home page comes back at 350.
  await record(page);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await expect.poll(() => scrollY(page)).toBe(350);
  await expectShownFromTop(page, HOME_HEADING);
  await expectDelayedScroll(page, { smooth: false, from: 0 });
});

test('a link to a hash scrolls smoothly to 64 px above its target after 1000 ms', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await settled(page);
  await record(page);
  // What a <Link to="/#how-it-works"> does when clicked; the same page stays where it is meanwhile.
  await navigateInApp(page, '/#how-it-works');
  await expect(page).toHaveURL(/#how-it-works$/);
  const targetTop = () =>
    page.evaluate(() => Math.round(document.getElementById('how-it-works')!.getBoundingClientRect().top));
  await expect.poll(targetTop).toBe(HASH_OFFSET_PX);
  await expectDelayedScroll(page, { smooth: true });
});

test('a link to a hash on another page shows it from its top, then glides to the target after 1000 ms', async ({
  page,
  navigate,
}) => {
  await navigate('/une-page-absente');
  await settled(page);
  await scrollNearLink(page, 250);
  await record(page);
  await navigateInApp(page, '/#how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  const targetTop = () =>
    page.evaluate(() => Math.round(document.getElementById('how-it-works')!.getBoundingClientRect().top));
  await expect.poll(targetTop).toBe(HASH_OFFSET_PX);
  await expectShownFromTop(page, HOME_HEADING);
  await expectDelayedScroll(page, { smooth: true, from: 0 });
});

test('with reduced motion the delayed scroll to a hash is a single jump', async ({ page, navigate }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await navigate('/');
  await settled(page);
  await record(page);
  await navigateInApp(page, '/#how-it-works');
  const targetTop = () =>
    page.evaluate(() => Math.round(document.getElementById('how-it-works')!.getBoundingClientRect().top));
  await expect.poll(targetTop).toBe(HASH_OFFSET_PX);
  await expectDelayedScroll(page, { smooth: false });
});

test('scrolling by hand during the wait cancels the pending scroll', async ({ page, navigate }) => {
  await navigate('/une-page-absente');
  await settled(page);
  await scrollNearLink(page, 250);
  await record(page);
  // A hash link to another page: shown from its top, then a scroll to the target would follow.
  await navigateInApp(page, '/#how-it-works');
  // The new page is on screen (React has committed it); less than a second has passed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
  await page.mouse.move(500, 150);
  await page.mouse.wheel(0, 100);
  await expect.poll(() => scrollY(page)).toBe(100);
  await pastTheDelay(page);
  expect(await scrollY(page)).toBe(100);
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('100 ms after a link click the screen never shows the new page at the old offset', async ({
      page,
      navigate,
    }) => {
      await navigate('/');
      await settled(page);
      // Far down the home page, with the footer's FAQ link in view.
      const faqLink = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' });
      await faqLink.scrollIntoViewIfNeeded();
      await nextFrames(page);
      const oldTop = await scrollY(page);
      expect(oldTop).toBeGreaterThan(300);
      await record(page);
      await faqLink.click();
      // What a person sees a moment after clicking: the home page where it was, or the FAQ from its top. The
      // moment is what is tested, read by the page's own timer (Playwright's page.clock would also stand in
      // for requestAnimationFrame, which records the frames checked below); every frame is checked after.
      const shown = await page.evaluate(
        () =>
          new Promise<{ heading: string; y: number }>((resolve) =>
            window.setTimeout(
              () => resolve({ heading: document.querySelector('h1')?.textContent ?? '', y: window.scrollY }),
              100,
            ),
          ),
      );
      await keepScreenshot(page, `platform-scroll-100ms-${device}`, { fullPage: false });
      if (shown.heading === HOME_HEADING) expect(shown.y).toBe(oldTop);
      else expect(shown.y).toBe(0);
      await expect(page).toHaveURL(/\/faq$/);
      // The address changes just before React commits the new page: wait for its heading.
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(HOME_HEADING);
      const faqHeading = (await page.getByRole('heading', { level: 1 }).textContent())!;
      await pastTheDelay(page);
      await expectShownFromTop(page, faqHeading);
    });
  });
}
