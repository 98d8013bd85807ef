// @databases pglite
/**
 * The language switch (`POST /locale`, app/routes/locale.ts) through the whole server: Hono, the origin check,
 * React Router's request handler and the real route module, with better-auth sessions. The page table is a
 * small hand-written build holding that one route.
 */
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { Outlet } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as localeRoute from '../app/routes/locale';
import { handWrittenBuild } from '../tests/support/hand-written-build';
import { createTestUser, startTestApp, type Agent, type TestApp } from '../tests/support/test-app';
import { users } from './db/schema/auth';

const build = handWrittenBuild([
  { id: 'root', path: '', module: { default: () => createElement(Outlet) } },
  { id: 'routes/locale', parentId: 'root', path: 'locale', module: localeRoute },
]);

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ getServerBuild: async () => build });
});
afterAll(() => app.close());

/** The language switch's own form post, as a browser sends it. */
function postLocale(agent: Agent, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return agent.request('/locale', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function profileLocaleOf(email: string) {
  const [row] = await app.database.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.email, email));
  return row?.locale ?? null;
}

describe('POST /locale', () => {
  it('sets the cookie and goes back to the page the language was chosen on', async () => {
    const response = await postLocale(app.agent(), { lang: 'en', redirectTo: '/search?city=Lyon' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/search?city=Lyon');
    expect(response.headers.get('set-cookie')).toMatch(
      /^lang=en\.unsaved; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
  });

  it.each([
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['/\\@evil.com'],
    ['/.//evil.com'],
    ['/%2e//evil.com'],
    ['/a/..//evil.com'],
    ['//evil.com'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
  ])('never redirects off the site, whatever redirectTo says: %j', async (redirectTo) => {
    const response = await postLocale(app.agent(), { lang: 'en', redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('saves a signed-in person’s choice to the profile, without the unsaved mark', async () => {
    const { agent, user } = await app.signedIn();
    const response = await postLocale(agent, { lang: 'en', redirectTo: '/profile' });
    expect(response.headers.get('location')).toBe('/profile');
    expect(response.headers.get('set-cookie')).toMatch(/^lang=en;/);
    expect(await profileLocaleOf(user.email)).toBe('en');
  });

  it('refuses a post from another site, changing neither the profile nor the cookie', async () => {
    const { agent, user } = await app.signedIn();
    for (const redirectTo of ['/\\evil.com', '/\t/evil.com', '/\\@evil.com', '/']) {
      const response = await postLocale(
        agent,
        { lang: 'en', redirectTo },
        { Origin: 'https://evil.example' },
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(await profileLocaleOf(user.email)).toBeNull();
  });

  it('refuses a cross-site post that names no origin', async () => {
    const response = await postLocale(
      app.agent({ origin: null }),
      { lang: 'en', redirectTo: '/' },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(response.status).toBe(403);
  });

  it("accepts a post from a space's subdomain page", async () => {
    const port = new URL(app.url).port;
    const response = await postLocale(
      app.agent(),
      { lang: 'fr', redirectTo: '/' },
      { Origin: `http://acme.localhost:${port}` },
    );
    expect(response.status).toBe(302);
  });
});

describe('a language chosen signed out, then signing in', () => {
  it('is saved to the profile, and the cookie loses its unsaved mark', async () => {
    const user = await createTestUser(app.database.db);
    const agent = app.agent();
    await postLocale(agent, { lang: 'en', redirectTo: '/' });
    expect(agent.cookies.get('lang')).toBe('en.unsaved');
    const signIn = await agent.signIn(user.email, user.password);
    expect(signIn.status).toBe(200);
    expect(await profileLocaleOf(user.email)).toBe('en');
    expect(agent.cookies.get('lang')).toBe('en');
  });

  it('is saved when the confirmation link signs the person in', async () => {
    const agent = app.agent();
    const since = Date.now();
    await agent.signUp({ name: 'Ada', email: 'ada-locale@example.com', password: 'a long enough password' });
    const mail = await app.smtp.waitForMail('ada-locale@example.com', { since });
    await postLocale(agent, { lang: 'en', redirectTo: '/' });
    const landing = await agent.request(mail.links.find((link) => link.includes('/api/auth/verify-email'))!);
    expect(landing.status).toBe(302);
    expect(await profileLocaleOf('ada-locale@example.com')).toBe('en');
    expect(agent.cookies.get('lang')).toBe('en');
  });

  it('leaves the profile alone when the cookie holds a choice already saved', async () => {
    const { user } = await app.signedIn();
    const other = app.agent();
    other.cookies.set('lang', 'fr');
    await app.database.db.update(users).set({ locale: 'en' }).where(eq(users.email, user.email));
    expect((await other.signIn(user.email, user.password)).status).toBe(200);
    expect(await profileLocaleOf(user.email)).toBe('en');
  });
});

describe('the confirmation link of a sign-up started from a page', () => {
  /** Where the confirmation link mailed for a sign-up that named `callbackURL` sends its reader. */
  async function confirmationLanding(name: string, email: string, callbackURL: string) {
    const since = Date.now();
    await app.agent().json('/api/auth/sign-up/email', {
      name,
      email,
      password: 'a long enough password',
      callbackURL,
    });
    const mail = await app.smtp.waitForMail(email, { since });
    const landing = await app
      .agent()
      .request(mail.links.find((link) => link.includes('/api/auth/verify-email'))!);
    return landing.headers.get('location');
  }

  it('lands on /auth/validated with that page as its redirect, and nothing else', async () => {
    expect(
      await confirmationLanding(
        'Rita',
        'rita-room@example.com',
        '/auth/validated?redirect=%2Frooms%2Fabc%3Fdate%3D2026-05-04&other=x',
      ),
    ).toBe('/auth/validated?redirect=%2Frooms%2Fabc%3Fdate%3D2026-05-04');
  });

  it('lands on plain /auth/validated when the sign-up named another callback', async () => {
    expect(
      await confirmationLanding('Otto', 'otto-elsewhere@example.com', '/profile?redirect=%2Frooms%2Fabc'),
    ).toBe('/auth/validated');
  });
});
