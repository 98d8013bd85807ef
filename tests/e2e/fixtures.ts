import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';
import { resetLaneClock } from './clock';
import { lane } from './lanes';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * axe's violations on the page as it is now, as `AxeBuilder.analyze()` finds them. Run in the page with
 * axe-core put there once per document: AxeBuilder injects it again at every call and gathers each result
 * in a new blank page, about 1.5 s an audit on this machine against 0.3 s (docs/decisions/026). A page with
 * frames goes through AxeBuilder, which audits inside them.
 *
 * A toast fading in or out shows its text at part opacity, which axe reads as too little contrast. Its timer
 * is held while axe reads (Radix pauses toasts while the window is blurred) and its animation is let end
 * first, so axe reads every toast as people see it for its 5 seconds. The same for every other transition
 * under way (a button's colour as the pointer lands on it, a dialog fading in): axe reads the page at rest,
 * as people see it a moment later; endless animations (a spinner) are not waited for.
 */
async function axeViolations(page: Page, exclude: string[]): Promise<AxeViolation[]> {
  if (page.frames().length > 1) {
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    try {
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      );
      let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
      for (const selector of exclude) builder = builder.exclude(selector);
      return (await builder.analyze()).violations;
    } finally {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    }
  }
  type WithAxe = { axe?: typeof axe };
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, excluded }) => {
      window.dispatchEvent(new Event('blur'));
      try {
        const animating = () =>
          document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            );
        // At most two seconds: a transition started again and again (by the pointer, say) is read as it is.
        for (const started = performance.now(); animating() && performance.now() - started < 2000;)
          await new Promise((resolve) => requestAnimationFrame(resolve));
        const { violations } = await (window as WithAxe).axe!.run(
          excluded.length ? { exclude: excluded.map((selector) => [selector]) } : document,
          { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
        );
        return violations.map(({ id, help, nodes }) => ({
          id,
          help,
          nodes: nodes.map(({ target }) => ({ target: [...target] })),
        }));
      } finally {
        window.dispatchEvent(new Event('focus'));
      }
    },
    { tags: AXE_TAGS, excluded: exclude },
  );
}

/** Fails with the list of violations axe finds on the page as it is now (WCAG 2.1 A and AA). */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}) {
  const violations = await axeViolations(page, options.exclude ?? []);
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Keeps a screenshot of the page in `screenshots/`, for people to look at (kept apart from Playwright's own
 * output, which it wipes), when asked for with E2E_SCREENSHOTS=on. Screenshots assert nothing: a run that
 * nobody looks at (`npm test`, CI) spares the time.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== 'on') return;
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: options.fullPage ?? true });
}

/**
 * Waits until the page's document is hydrated (React has attached, so clicks do something). The document
 * may be replaced meanwhile (a reload, a sign-in link): there is no root element for a moment.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true');
}

interface Fixtures {
  /** Opens a path and waits until the page is hydrated (React has attached), so clicks do something. */
  navigate: (path: string) => Promise<void>;
}

interface WorkerFixtures {
  /** This worker's lane, its clock given back to the machine's time when the worker starts. */
  laneClock: void;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // A worker that replaces one that died mid-test (its after-hooks never ran) finds the lane's clock as it
  // was left: every worker starts its lane on the machine's time.
  laneClock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      resetLaneClock(lane(workerInfo.parallelIndex));
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // This worker's lane: its own server and database (tests/e2e/lanes.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(lane(testInfo.parallelIndex).origin);
  },
  navigate: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await untilHydrated(page);
    });
  },
});

export { expect };
