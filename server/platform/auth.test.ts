// @databases pglite
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type Agent, type TestApp } from '../../tests/support/test-app';
import { sessions, users, verifications } from '../db/schema/auth';
import { createAuth } from './auth';
import { createLogger } from './log';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function errorStatusOf(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { error?: { status?: string } };
  return body.error?.status;
}

describe('sign-up and confirmation', () => {
  it('sends a confirmation mail in the chosen language; its link confirms and signs in on /auth/validated', async () => {
    const agent = app.agent();
    const since = Date.now();
    const response = await agent.signUp({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'compilers are fun',
      locale: 'en',
    });
    expect(response.status).toBe(200);
    // Signing up does not sign in: the confirmation link does.
    expect(agent.cookies.size).toBe(0);

    const mail = await app.smtp.waitForMail('grace@example.com', { since });
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.html).toContain('<html lang="en">');
    const link = mail.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
    expect(link).toBeDefined();

    const visitor = app.agent();
    const landing = await visitor.request(link!);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/auth/validated');
    const session = await app.readSession(new Headers({ cookie: cookieHeaderOf(visitor) }));
    expect(session?.user).toMatchObject({ email: 'grace@example.com', emailVerified: true, locale: 'en' });
  });

  it('writes French mail for a French sign-up and never puts the password in it', async () => {
    const agent = app.agent();
    const since = Date.now();
    await agent.signUp({ name: 'Émile', email: 'emile@example.com', password: 'un mot de passe secret' });
    const mail = await app.smtp.waitForMail('emile@example.com', { since });
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    expect(mail.text).toContain('Bonjour Émile,');
    expect(mail.text).not.toContain('un mot de passe secret');
    expect(mail.html).not.toContain('un mot de passe secret');
  });

  it('answers a sign-up with a taken address like any other, and tells the owner by mail', async () => {
    const owner = await createTestUser(app.database.db, { email: 'taken@example.com' });
    const since = Date.now();
    const fresh = await app.agent().signUp({
      name: 'Someone',
      email: 'untaken@example.com',
      password: 'another long password',
    });
    const taken = await app.agent().signUp({
      name: 'Someone',
      email: owner.email,
      password: 'another long password',
    });
    expect(taken.status).toBe(fresh.status);
    const mail = await app.smtp.waitForMail(owner.email, { since });
    expect(mail.subject).toBe('Vous avez déjà un compte Escale');
  });

  it('refuses a password shorter than 10 characters, saying so', async () => {
    const response = await app.agent().signUp({
      name: 'Short',
      email: 'short@example.com',
      password: 'too-short',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('text better-auth would store or use as it is', () => {
  it('refuses a NUL or a lone surrogate in a sign-up and stores nothing', async () => {
    const attempts: Array<[string, string]> = [
      ['Ada\u0000', 'nul-name@example.com'],
      ['Ada \uD800', 'surrogate-name@example.com'],
      ['Ada', 'nul\u0000@example.com'],
    ];
    for (const [name, email] of attempts) {
      const response = await app.agent().signUp({ name, email, password: 'a long enough password' });
      expect(response.status).toBe(400);
      expect(await errorStatusOf(response)).toBe('INVALID_ARGUMENT');
    }
    const stored = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} IN ('nul-name@example.com', 'surrogate-name@example.com')`);
    expect(stored).toEqual([]);
  });

  it('refuses a NUL in a link, and a callback that is neither a path nor a URL, instead of failing', async () => {
    for (const query of [
      'token=%00',
      'token=abc&callbackURL=abc',
      'token=abc&callbackURL=%2F%2Fevil.example',
    ]) {
      const response = await app.agent().request(`/api/auth/verify-email?${query}`);
      expect(response.status, query).toBe(400);
    }
    const fine = await app
      .agent()
      .request('/api/auth/verify-email?token=abc&callbackURL=%2Fauth%2Fvalidated');
    expect(fine.status).toBe(302);
  });
});

describe('sign-in', () => {
  it('gives the same answer for a wrong password and an unknown address', async () => {
    const user = await createTestUser(app.database.db);
    const wrongPassword = await app.agent().signIn(user.email, 'not the password at all');
    const unknown = await app.agent().signIn('nobody-here@example.com', 'not the password at all');
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(wrongPassword.status);
    expect(await unknown.json()).toEqual(await wrongPassword.json());
  });

  it('lets an unconfirmed member sign in, with emailVerified false on the session', async () => {
    const { agent } = await app.signedIn({ emailVerified: false });
    const session = await app.readSession(new Headers({ cookie: cookieHeaderOf(agent) }));
    expect(session?.user.emailVerified).toBe(false);
  });

  it('sets an HTTP-only, SameSite=Lax session cookie, not Secure over plain HTTP', async () => {
    const user = await createTestUser(app.database.db);
    const response = await app.agent().signIn(user.email, user.password);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('escale.session_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the cookie Secure (with the __Secure- prefix) when the app is served over HTTPS', async () => {
    const user = await createTestUser(app.database.db);
    const config = { ...app.config, baseUrl: 'https://escale.example' };
    const secureAuth = createAuth({ db: app.database.db, config, log: createLogger() });
    const response = await secureAuth.handler(
      new Request('https://escale.example/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://escale.example' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-escale\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('accepts the session as a bearer token for non-browser clients', async () => {
    const user = await createTestUser(app.database.db, { name: 'Bearer Person' });
    const response = await app.agent({ origin: null }).signIn(user.email, user.password);
    const token = response.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const client = app.agent({ origin: null, bearer: token! });
    const profile = await client.call('profile.get', {});
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { result: { name: string } }).result.name).toBe('Bearer Person');
  });

  it('ends the session on sign-out', async () => {
    const { agent } = await app.signedIn();
    expect((await agent.call('profile.get', {})).status).toBe(200);
    const cookie = cookieHeaderOf(agent);
    await agent.signOut();
    expect(await app.readSession(new Headers({ cookie }))).toBeNull();
    expect((await agent.call('profile.get', {})).status).toBe(401);
  });
});

describe('a signed-out caller', () => {
  it('is refused by a callable that needs a session', async () => {
    const response = await app.agent().call('profile.get', {});
    expect(response.status).toBe(401);
    expect(await errorStatusOf(response)).toBe('UNAUTHENTICATED');
  });
});

describe('cross-origin requests', () => {
  it('refuses a POST from another site, to a callable and to auth', async () => {
    const { agent } = await app.signedIn();
    const evil = { headers: { Origin: 'https://evil.example' } };
    const callable = await agent.json('/api/fn/profile.get', { data: {} }, evil);
    expect(callable.status).toBe(403);
    expect(await errorStatusOf(callable)).toBe('PERMISSION_DENIED');
    const signOut = await agent.json('/api/auth/sign-out', {}, evil);
    expect(signOut.status).toBe(403);
    // Still signed in: the forged sign-out did nothing.
    expect((await agent.call('profile.get', {})).status).toBe(200);
  });

  it('refuses a cross-site request that names no origin', async () => {
    const { agent } = await app.signedIn();
    const response = await agent.json(
      '/api/fn/profile.get',
      { data: {} },
      { headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(response.status).toBe(403);
  });

  it("accepts a POST from a space's subdomain page", async () => {
    const { agent } = await app.signedIn();
    const port = new URL(app.url).port;
    const response = await agent.json(
      '/api/fn/profile.get',
      { data: {} },
      { headers: { Origin: `http://acme.localhost:${port}` } },
    );
    expect(response.status).toBe(200);
  });
});

describe('password reset', () => {
  const answerOf = async (response: Response) => ({ status: response.status, body: await response.json() });

  it('answers identically for known and unknown addresses; only the known one gets mail', async () => {
    const user = await createTestUser(app.database.db);
    const since = Date.now();
    const known = await app.agent().json('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth/Reset',
    });
    const unknown = await app.agent().json('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/auth/Reset',
    });
    expect(await answerOf(unknown)).toEqual(await answerOf(known));
    await app.settle();
    expect(app.smtp.mails.some((mail) => mail.to.includes('ghost@example.com'))).toBe(false);
    expect((await app.smtp.waitForMail(user.email, { since })).subject).toBe(
      'Réinitialisez votre mot de passe',
    );
  });

  it('sets a new password once per link, ends every session, refuses the old password', async () => {
    const { agent, user } = await app.signedIn();
    const since = Date.now();
    await app.agent().json('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth/Reset',
    });
    const mail = await app.smtp.waitForMail(user.email, { since });
    const link = mail.links.find((candidate) => candidate.includes('/api/auth/reset-password/'))!;

    const opened = await app.agent().request(link);
    const target = new URL(opened.headers.get('location')!, app.url);
    expect(target.pathname).toBe('/auth/Reset');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await app.agent().json('/api/auth/reset-password', {
      token,
      newPassword: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    expect((await agent.call('profile.get', {})).status).toBe(401);
    expect((await app.agent().signIn(user.email, user.password)).status).toBe(401);
    expect((await app.agent().signIn(user.email, 'a brand new password')).status).toBe(200);

    const again = await app.agent().json('/api/auth/reset-password', {
      token,
      newPassword: 'yet another password',
    });
    expect(again.status).toBe(400);
    const reopened = await app.agent().request(link);
    expect(reopened.headers.get('location')).toContain('error=INVALID_TOKEN');
  });

  it('refuses a link older than one hour', async () => {
    const user = await createTestUser(app.database.db);
    const since = Date.now();
    await app.agent().json('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth/Reset',
    });
    const mail = await app.smtp.waitForMail(user.email, { since });
    const token = /reset-password\/([^?]+)/.exec(mail.links.join(' '))![1]!;
    const [row] = await app.database.db
      .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -3);
    await app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await app.agent().json('/api/auth/reset-password', {
      token,
      newPassword: 'too late for this one',
    });
    expect(response.status).toBe(400);
  });
});

describe('one-time sign-in token', () => {
  it('signs in once, then is refused', async () => {
    const { agent } = await app.signedIn();
    const generated = await agent.request('/api/auth/one-time-token/generate');
    const { token } = (await generated.json()) as { token: string };

    const browser = app.agent();
    const first = await browser.json('/api/auth/one-time-token/verify', { token });
    expect(first.status).toBe(200);
    expect((await browser.call('profile.get', {})).status).toBe(200);

    const second = await app.agent().json('/api/auth/one-time-token/verify', { token });
    expect(second.status).toBe(400);
  });

  it('expires after five minutes', async () => {
    const { agent } = await app.signedIn();
    const { token } = (await (await agent.request('/api/auth/one-time-token/generate')).json()) as {
      token: string;
    };
    const [row] = await app.database.db
      .select()
      .from(verifications)
      .where(sql`${verifications.identifier} like 'one-time-token:%'`)
      .orderBy(sql`${verifications.createdAt} desc`)
      .limit(1);
    expect(row!.identifier).not.toContain(token); // stored hashed
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(5 * 60 * 1000, -3);
    await app.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.id, row!.id));
    expect((await app.agent().json('/api/auth/one-time-token/verify', { token })).status).toBe(400);
  });
});

describe('secrets', () => {
  it('never logs or returns a password', async () => {
    const password = 'very-distinctive-password-42';
    const agent = app.agent();
    const signUp = await agent.signUp({ name: 'Log Check', email: 'logcheck@example.com', password });
    const signIn = await agent.signIn('logcheck@example.com', password);
    const wrong = await agent.signIn('logcheck@example.com', `${password}-wrong`);
    for (const response of [signUp, signIn, wrong]) expect(await response.text()).not.toContain(password);
    await app.settle();
    expect(app.logLines.join('\n')).not.toContain(password);
    const [stored] = await app.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'logcheck@example.com'));
    expect(stored?.name).toBe('Log Check');
  });

  it('keeps session tokens out of the sessions list it exports', async () => {
    const { agent, user } = await app.signedIn();
    const tokens = await app.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, user.email));
    const exported = await (await agent.call('profile.exportData', {})).text();
    for (const { token } of tokens) expect(exported).not.toContain(token);
  });
});

function cookieHeaderOf(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
