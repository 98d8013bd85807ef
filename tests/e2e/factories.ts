import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { appOrigin, DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { expect } from './fixtures';

/**
 * Data a test makes for itself, through the app's API as a person would: a member of its own (signed up,
 * not confirmed), calls in a signed-in page's name; the demo accounts put back in French. A test that changes something other tests read makes its own (docs/decisions/026, "Browser
 * tests": which tests borrow demo data and why that is safe).
 */

export const TEST_PASSWORD = 'une phrase de passe solide';

/** A calling API for one page's cookies: `/api/fn/<name>` with `{ data }`, the answer's `result`. */
export async function callApi<T>(page: Page, name: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/fn/${name}`, {
    data: { data },
    headers: { Origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

/** An address no other test uses: `<label>-<random>@example.com`. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

/** Signs up through the API (the address not confirmed yet); the page's context is not signed in. */
export async function signUp(
  page: Page,
  { name, email = uniqueEmail('membre'), locale = 'fr', callbackURL }: NewMemberOptions & { email?: string },
) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: TEST_PASSWORD, locale, ...(callbackURL ? { callbackURL } : {}) },
    headers: { Origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password: TEST_PASSWORD, name };
}

interface NewMemberOptions {
  name: string;
  locale?: 'fr' | 'en';
  /** Where the confirmation link lands (better-auth's `callbackURL`). */
  callbackURL?: string;
}

/**
 * Puts a demo account's profile back in French, from a request context of its own. For tests that sign a
 * demo account in with the form (where `signInAs` cannot reset it) after a test on the lane that failed
 * in English.
 */
export async function demoAccountInFrench(who: keyof typeof DEMO_ACCOUNTS) {
  const context = await playwrightRequest.newContext({
    baseURL: appOrigin(),
    extraHTTPHeaders: { Origin: appOrigin() },
  });
  try {
    const signIn = await context.post('/api/auth/sign-in/email', {
      data: { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const locale = await context.post('/api/fn/profile.setLocale', { data: { data: { locale: 'fr' } } });
    expect(locale.status(), await locale.text()).toBe(200);
  } finally {
    await context.dispose();
  }
}
