import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { pickAnyFreeStart, refuseCookies, roomId } from './booking';
import { CONTENT_PAGES } from './content-pages';
import { callApi, signUp } from './factories';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './fixtures';

/**
 * The accessibility matrix: every page below is opened once per language and audited by axe on a desktop,
 * then on a phone (the same document, resized). The journeys audit the screens they go through in the state
 * they bring them to; this is where each page is audited in French and English at both sizes
 * (docs/decisions/026 lists which page is audited where). The content pages' heading, title and
 * description are checked on the same visit.
 */

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Locale = 'fr' | 'en';
type Who = 'visitor' | 'pending' | 'manager' | 'admin';

interface Screen {
  name: string;
  who?: Who;
  path: (page: Page) => Promise<string> | string;
  /** Brings the page to the state audited (a slot chosen, a section opened), and checks what it shows. */
  ready?: (page: Page, locale: Locale) => Promise<void>;
  /** Opened again at each size: what it shows depends on the width it loads at (the calendar's view). */
  openAtEachSize?: boolean;
}

/** A demo article (server/db/seed/demo-articles.ts), published in both languages. */
const DEMO_ARTICLE = '/blog/article/reussir-sa-reunion-hors-les-murs';

const roomPage = async (page: Page, room: string) =>
  `/spaces/acme-coworking-paris/rooms/${await roomId(page, 'acme-coworking-paris', room)}`;

/** A content page: its heading in the page's language, a title and a description, then audited. */
function contentPage({ path, fr, en }: (typeof CONTENT_PAGES)[number]): Screen {
  return {
    name: `content${path.replace('/', '-')}`,
    path: () => path,
    ready: async (page, locale) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'fr' ? fr : en);
      await expect(page).toHaveTitle(/ · Escale$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    },
  };
}

/** Opens the `index`th foldable entry of an admin list (its form is then audited too). */
const openEntry = (index: number) => async (page: Page) => {
  await page.locator('details summary').nth(index).click();
  await expect(page.locator('details[open]')).toHaveCount(1);
};

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/' },
  { name: 'search', path: () => '/search' },
  { name: 'spaces-all', path: () => '/spaces/all' },
  {
    name: 'space',
    path: () => '/spaces/acme-coworking-paris',
    // The map loads as it comes near the screen (decision 018): audited with its marker.
    ready: async (page) => {
      await page.getByRole('region', { name: /^(Carte|Map)/ }).scrollIntoViewIfNeeded();
      await expect(page.locator('.escale-marker')).toHaveCount(1);
    },
  },
  {
    name: 'room-slot-chosen-signed-out',
    path: (page) => roomPage(page, 'Salle Parmentier'),
    openAtEachSize: true,
    // With a start chosen, the booking panel offers to sign in or sign up.
    ready: async (page) => {
      const booking = page.getByRole('region', { name: /^(Réserver|Book)$/ });
      await pickAnyFreeStart(booking);
      await expect(
        booking.getByRole('link', { name: /^(Se connecter pour réserver|Sign in to book)$/ }),
      ).toBeVisible();
    },
  },
  ...CONTENT_PAGES.map(contentPage),
  { name: 'blog', path: () => '/blog' },
  { name: 'blog-article', path: () => DEMO_ARTICLE },
  { name: 'blog-article-french-only', path: () => '/blog/article/trajets-evites-et-bilan-carbone' },
  { name: 'not-found', path: () => '/une-page-absente' },
  {
    name: 'auth-signup-from-room',
    path: async (page) =>
      `/auth/Signup?redirect=${encodeURIComponent(await roomPage(page, 'Salle Parmentier'))}`,
  },
  {
    name: 'auth-login-from-room',
    path: async (page) =>
      `/auth/Login?redirect=${encodeURIComponent(await roomPage(page, 'Salle Parmentier'))}`,
  },
  { name: 'auth-reset', path: () => '/auth/Reset' },
  { name: 'auth-validated-signed-out', path: () => '/auth/validated' },
  { name: 'auth-validated-pending', who: 'pending', path: () => '/auth/validated' },
  { name: 'profile', who: 'manager', path: () => '/profile' },
  { name: 'reservations', who: 'manager', path: () => '/reservations' },
  { name: 'myspaces', who: 'manager', path: () => '/myspaces' },
  { name: 'admin-blog', who: 'admin', path: () => '/admin/blog' },
  {
    name: 'admin-blog-article-preview',
    who: 'admin',
    path: () => '/admin/blog',
    // The demo article's editor, reached from the list, with its preview shown.
    ready: async (page) => {
      await page.getByRole('link', { name: 'Réussir sa réunion hors les murs' }).click();
      await expect(page.getByRole('heading', { name: 'Publication' })).toBeVisible();
      await page
        .getByRole('button', { name: /^(Aperçu|Preview)$/ })
        .first()
        .click();
      await expect(page.getByRole('region', { name: /Aperçu|Preview/ }).first()).toBeVisible();
    },
  },
  { name: 'admin-blog-new', who: 'admin', path: () => '/admin/blog/new' },
  { name: 'admin-faq', who: 'admin', path: () => '/admin/faq', ready: openEntry(1) },
  { name: 'admin-partners', who: 'admin', path: () => '/admin/partners', ready: openEntry(0) },
];

/** Who opens the page, in which language: the `lang` cookie, or the profile's language once signed in. */
async function openAs(page: Page, who: Who, locale: Locale) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'lang', value: locale, url: appOrigin() }]);
  if (who === 'visitor') return;
  if (who === 'pending') {
    const member = await signUp(page, { name: 'Axel Attente' });
    await signInAs(page, { email: member.email, password: member.password });
  } else {
    await signInAs(page, who);
  }
  await callApi(page, 'profile.setLocale', { locale });
}

test.beforeEach(async ({ context }) => {
  // The cookie choice is made already: the banner has its own audits (platform-consent.spec.ts).
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
});

for (const screen of SCREENS) {
  test(`axe finds nothing on ${screen.name}, in French and English, on a desktop and a phone`, async ({
    page,
    navigate,
  }) => {
    const who = screen.who ?? 'visitor';
    try {
      for (const locale of ['fr', 'en'] as const) {
        await page.setViewportSize(SIZES.desktop);
        await openAs(page, who, locale);
        const open = async () => {
          await navigate(await screen.path(page));
          await refuseCookies(page);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await screen.ready?.(page, locale);
        };
        await open();
        for (const [size, viewport] of Object.entries(SIZES)) {
          await page.setViewportSize(viewport);
          if (size !== 'desktop' && screen.openAtEachSize) await open();
          await expectNoAxeViolations(page);
          await keepScreenshot(page, `${screen.name}-${locale}-${size}`);
        }
      }
    } finally {
      // A demo account's language is the profile's: other tests expect it in French.
      if (who === 'manager' || who === 'admin') await callApi(page, 'profile.setLocale', { locale: 'fr' });
    }
  });
}
