import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { lane } from './lanes';

/** Fails with the list of violations axe finds on the page as it is now (WCAG 2.1 A and AA). */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // A toast fading in or out shows its text at part opacity, which axe reads as too little contrast. Its
  // timer is held while axe reads (Radix pauses toasts while the window is blurred) and its animation is let
  // end first, so axe reads every toast as people see it for its 5 seconds.
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  const { violations } = await (async () => {
    try {
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.toast')].every((toast) =>
          toast.getAnimations().every((animation) => animation.playState !== 'running'),
        ),
      );
      return await builder.analyze();
    } finally {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    }
  })();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Keeps a screenshot of the page in `screenshots/`, for people to look at (kept apart from Playwright's own
 * output, which it wipes). Screenshots assert nothing: CI sets E2E_SCREENSHOTS=off to spare the time.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

interface Fixtures {
  /** Opens a path and waits until the page is hydrated (React has attached), so clicks do something. */
  navigate: (path: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // This worker's lane: its own server and database (tests/e2e/lanes.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(lane(testInfo.parallelIndex).origin);
  },
  navigate: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    });
  },
});

export { expect };
