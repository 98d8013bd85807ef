import type { Page } from '@playwright/test';
import { roomId } from './booking';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const BANNER_TITLE = 'Vos données, votre choix.';
const banner = (page: Page) => page.getByRole('region', { name: BANNER_TITLE });

test('a first visit gets the cookie banner in its first HTML; a kept choice gets none', async ({
  page,
  navigate,
}) => {
  // The HTML as the server sends it, before any script runs: a request with no cookie.
  const first = await page.request.get('/', { headers: { cookie: '' } });
  const html = await first.text();
  expect(html).toContain('id="consent-banner"');
  expect(html).toContain(BANNER_TITLE);

  await navigate('/');
  await banner(page).getByRole('button', { name: 'Refuser' }).click();
  await expect(banner(page)).toHaveCount(0);
  // Kept twice: under the seed's key in localStorage, and in a cookie of that name the server reads.
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent-v1'))).toBe(
    '{"analytics":false,"ads":false}',
  );
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'cookie-consent-v1');
  expect(decodeURIComponent(cookie?.value ?? '')).toBe('{"analytics":false,"ads":false}');
  expect(cookie?.sameSite).toBe('Lax');

  const again = await page.request.get('/');
  expect(await again.text()).not.toContain('id="consent-banner"');
});

test('a choice kept before the cookie existed reaches it, and the next page is sent without the banner', async ({
  page,
  navigate,
}) => {
  await navigate('/faq');
  await page.evaluate(() => localStorage.setItem('cookie-consent-v1', '{"analytics":true,"ads":false}'));
  await navigate('/faq');
  await expect(banner(page)).toHaveCount(0);
  const html = await (await page.request.get('/faq')).text();
  expect(html).not.toContain('id="consent-banner"');
});

test.describe('on a phone, the room page', () => {
  test.use({ viewport: PHONE });

  test('tabbing through it, the open banner hides no focused element', async ({ page, navigate }) => {
    const id = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
    await navigate(`/spaces/acme-coworking-paris/rooms/${id}`);
    await expect(banner(page)).toBeVisible();
    // The page as laid out for good: the calendar's slots (read after hydration) and the map come in later
    // and push the footer down, which would move a control after Tab scrolled it clear of the banner.
    await expect(page.getByRole('grid')).toBeVisible();
    await page.waitForLoadState('networkidle');
    let reached = 0;
    // Bounded: the page's controls, then back at the first one.
    for (let step = 0; step < 200; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const seen = ((window as unknown as { tabbed?: WeakSet<Element> }).tabbed ??= new WeakSet());
        if (seen.has(element)) return 'again';
        seen.add(element);
        const region = document.getElementById('consent-banner');
        const box = element.getBoundingClientRect();
        return {
          name: element.outerHTML.slice(0, 120),
          inBanner: Boolean(region?.contains(element)),
          bottom: box.bottom,
          height: box.height,
          bannerTop: region?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
        };
      });
      if (focused === 'again') break;
      if (!focused) continue;
      reached++;
      if (focused.inBanner || focused.height === 0) continue;
      expect(focused.bottom, focused.name).toBeLessThanOrEqual(focused.bannerTop + 0.5);
    }
    // The walk went through the page, not only the banner.
    expect(reached).toBeGreaterThan(15);
  });
});

/** WCAG relative luminance of an `rgb(…)` / `rgba(…)` computed colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test('the selected slot keeps a focus ring of 3:1 against what it is drawn on', async ({
  page,
  navigate,
}) => {
  const id = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
  await navigate(`/spaces/acme-coworking-paris/rooms/${id}`);
  await banner(page).getByRole('button', { name: 'Refuser' }).click();
  const grid = page.getByRole('grid');
  const free = grid.locator('[role="gridcell"][data-state="free"]').first();
  await expect(free).toBeVisible();
  await free.click();
  const selected = grid.locator('[role="gridcell"][aria-selected="true"]').first();
  await expect(selected).toBeVisible();
  // Keyboard focus (the ring is :focus-visible): away and back with the arrows.
  await selected.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const focused = grid.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveAttribute('aria-selected', 'true');
  const style = await focused.evaluate((cell) => {
    const computed = getComputedStyle(cell);
    return {
      outlineStyle: computed.outlineStyle,
      outlineWidth: parseFloat(computed.outlineWidth),
      outlineOffset: parseFloat(computed.outlineOffset),
      outline: computed.outlineColor,
      background: computed.backgroundColor,
    };
  });
  expect(style.outlineStyle).toBe('solid');
  expect(style.outlineWidth).toBeGreaterThanOrEqual(2);
  // Drawn inside the cell (negative offset): the cell's own fill is on both sides of it.
  expect(style.outlineOffset).toBeLessThan(0);
  expect(contrast(style.outline, style.background)).toBeGreaterThanOrEqual(3);
});

// Zod is about 22 KiB on the wire: public pages read the contracts' plain modules instead
// (docs/decisions/018-fast-first-load.md). Its code names ZodError, whatever chunk it lands in.
test('the public pages load no validation library on a first visit', async ({ page, navigate }) => {
  const id = await roomId(page, 'acme-coworking-paris', 'Salle Voltaire');
  const paths = ['/', '/search', '/spaces/acme-coworking-paris', `/spaces/acme-coworking-paris/rooms/${id}`];
  for (const path of paths) {
    const scripts: string[] = [];
    const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    };
    page.on('response', listener);
    await navigate(path);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await page.request.get(script)).text();
      expect(code.includes('ZodError'), `${path} loads ${script}`).toBe(false);
    }
  }
});
