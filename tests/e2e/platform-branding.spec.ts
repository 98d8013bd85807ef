import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

/** The root loader's global state (seed section 3), as the hydrated router holds it. */
function rootState(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __reactRouterDataRouter: {
            state: { loaderData: { root: { spaceId: string; subdomain: string | null } } };
          };
        }
      ).__reactRouterDataRouter.state.loaderData.root,
  );
}

const primaryColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());

function hostUrl(baseURL: string | undefined, subdomain: string) {
  const url = new URL(baseURL!);
  return `http://${subdomain}.localhost:${url.port}/`;
}

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await untilHydrated(page);
  return (await response!.text()) ?? '';
}

test("acme.localhost has Acme's colour in the first HTML and its space id in the global state", async ({
  page,
  baseURL,
}) => {
  const html = await open(page, hostUrl(baseURL, 'acme'));
  // In the server's HTML already, so the page never flashes the default colour.
  expect(html).toMatch(
    /<style[^>]*id="brand-theme"[^>]*>:root\{--color-primary:#0f766e;--color-primary-ink:#0f766e;--color-on-primary:#ffffff\}<\/style>/,
  );
  expect(html).toContain('<meta name="theme-color" content="#0f766e"/>');
  expect(await primaryColour(page)).toBe('#0f766e');
  const state = await rootState(page);
  expect(state.subdomain).toBe('acme');
  expect(state.spaceId).toMatch(/^[0-9a-f-]{36}$/);
});

test('beta.localhost is the platform itself: default colour, no space', async ({ page, baseURL }) => {
  const html = await open(page, hostUrl(baseURL, 'beta'));
  expect(html).not.toContain('id="brand-theme"');
  expect(await primaryColour(page)).toBe('#4f46e5');
  expect(await rootState(page)).toMatchObject({ subdomain: null, spaceId: '' });
});

test('an unknown subdomain leaves the space id empty and the default colour', async ({ page, baseURL }) => {
  const html = await open(page, hostUrl(baseURL, 'nobody'));
  expect(html).not.toContain('id="brand-theme"');
  expect(await primaryColour(page)).toBe('#4f46e5');
  expect(await rootState(page)).toMatchObject({ subdomain: null, spaceId: '' });
});
