import { expect, type Page } from '@playwright/test';

/** The demo accounts every fresh database has (server/db/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'escale-demo-2026';
export const DEMO_ACCOUNTS = {
  member: 'membre@escale.test',
  manager: 'gerant@escale.test',
  admin: 'admin@escale.test',
} as const;

/** The origin of the app under test (playwright.config.ts's baseURL), named in mutating API requests. */
export const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4310}`;

/**
 * Signs the page's browser in as `who` through the API (fast; the sign-in screen has its own tests). The
 * cookie lands in the page's context, as it would from the form.
 */
export async function signInAs(
  page: Page,
  who: keyof typeof DEMO_ACCOUNTS | { email: string; password: string },
) {
  const credentials = typeof who === 'string' ? { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD } : who;
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: credentials,
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}
