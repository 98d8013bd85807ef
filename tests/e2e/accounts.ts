import { expect, type Page } from '@playwright/test';
import { currentLane } from './lanes';

/** The demo accounts every fresh database has (server/demo/demo-accounts.ts). */
export const DEMO_PASSWORD = 'escale-demo-2026';
export const DEMO_ACCOUNTS = {
  member: 'membre@escale.test',
  manager: 'gerant@escale.test',
  admin: 'admin@escale.test',
} as const;

/** The origin of the app under test (this lane's baseURL), named in mutating API requests. */
export function appOrigin(): string {
  return currentLane().origin;
}

/**
 * Signs the page's browser in as `who` through the API (fast; the sign-in screen has its own tests). The
 * cookie lands in the page's context, as it would from the form. A demo account starts in French.
 */
export async function signInAs(
  page: Page,
  who: keyof typeof DEMO_ACCOUNTS | { email: string; password: string },
) {
  const credentials = typeof who === 'string' ? { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD } : who;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: credentials,
    headers: { Origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (typeof who !== 'string') return;
  // The demo accounts are shared by every test: one that switched to English leaves it on the profile.
  const locale = await page.request.post('/api/fn/profile.setLocale', {
    data: { data: { locale: 'fr' } },
    headers: { Origin: appOrigin() },
  });
  expect(locale.status(), await locale.text()).toBe(200);
}
