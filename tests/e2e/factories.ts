import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { appOrigin, DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { expect } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * Data a test makes for itself, through the app's API as a person would: a member of its own, with a
 * confirmed address, in a browser context of its own; a membership of a space; the demo accounts put back
 * in French. A test that changes something other tests read makes its own (docs/decisions/026, "Browser
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
 * A new person with a confirmed address, signed in on `page` (the confirmation e-mail's link signs in, as it
 * does for people).
 */
export async function confirmedMemberOn(page: Page, options: NewMemberOptions) {
  const since = Date.now();
  const member = await signUp(page, options);
  await page.goto(linkIn(await waitForMail(member.email, { since }), '/api/auth/verify-email'));
  return member;
}

/** The same, in a browser context of their own (close it with `context.close()`). */
export async function newMember(
  browser: Browser,
  options: NewMemberOptions,
): Promise<{ context: BrowserContext; page: Page; email: string; password: string; name: string }> {
  const context = await browser.newContext({ baseURL: appOrigin() });
  const page = await context.newPage();
  return { context, page, ...(await confirmedMemberOn(page, options)) };
}

/** Makes `member` a member of a demo space: invited by its manager (`manager` signed in), accepted. */
export async function joinSpace(manager: Page, member: Page, spaceId: string, email: string) {
  await callApi(manager, 'backoffice.invite', { spaceId, email, role: 'member' });
  const mine = await callApi<{ invitations: Array<{ id: string; spaceId: string }> }>(
    member,
    'backoffice.listMySpaces',
    {},
  );
  const invitation = mine.invitations.find((candidate) => candidate.spaceId === spaceId);
  if (!invitation) throw new Error(`no invitation to ${spaceId} for ${email}`);
  await callApi(member, 'backoffice.acceptInvitation', { invitationId: invitation.id });
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
