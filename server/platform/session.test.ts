// @databases pglite
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, startTestApp, type Agent, type TestApp } from '../../tests/support/test-app';
import { sessions, users } from '../db/schema/auth';

/**
 * The session reader (server/platform/session.ts) reads sessions itself, in one statement, rather than
 * through better-auth's `getSession`: these tests hold it to better-auth's own answer for the same request,
 * and check it refuses what better-auth refuses.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function cookieHeaderOf(agent: Agent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** What better-auth's own `getSession` answers for these headers, as the reader reports it. */
async function betterAuthsAnswer(headers: Headers) {
  const found = await app.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return null;
  return {
    id: found.session.id,
    user: {
      id: found.user.id,
      email: found.user.email,
      name: found.user.name,
      emailVerified: found.user.emailVerified,
      isAdmin: found.user.isAdmin === true,
      locale: found.user.locale ?? null,
      image: found.user.image ?? null,
    },
  };
}

describe('the session reader', () => {
  it('reads the session of a signed-in cookie as better-auth does, the person as stored', async () => {
    const { agent, user } = await app.signedIn({ name: 'Ada Reader', isAdmin: true });
    await app.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, user.id));
    const headers = new Headers({ cookie: cookieHeaderOf(agent) });
    const session = await app.readSession(headers);
    expect(session).toEqual(await betterAuthsAnswer(headers));
    expect(session?.user).toMatchObject({
      name: 'Ada Reader',
      email: user.email,
      isAdmin: true,
      locale: 'en',
    });
  });

  it('reads a bearer token, signed or bare, as better-auth does', async () => {
    const { user } = await app.signedIn();
    const response = await createAgent(app.url, { origin: null }).signIn(user.email, user.password);
    const signed = response.headers.get('set-auth-token')!;
    expect(signed).toContain('.');
    for (const token of [signed, signed.split('.')[0]!]) {
      const headers = new Headers({ authorization: `Bearer ${token}` });
      const session = await app.readSession(headers);
      expect(session?.user.email).toBe(user.email);
      expect(session).toEqual(await betterAuthsAnswer(headers));
    }
  });

  it('refuses a cookie whose signature does not hold, as better-auth does', async () => {
    const { agent } = await app.signedIn();
    const cookie = cookieHeaderOf(agent);
    // The signature's first character changed: the token it signs is still a live session's.
    const forged = cookie.replace(/session_token=([^.;]+)\.(.)/, (_, token: string, first: string) => {
      return `session_token=${token}.${first === 'A' ? 'B' : 'A'}`;
    });
    expect(forged).not.toBe(cookie);
    const headers = new Headers({ cookie: forged });
    expect(await app.readSession(headers)).toBeNull();
    expect(await betterAuthsAnswer(headers)).toBeNull();
  });

  it('refuses an expired session and one ended by signing out', async () => {
    const { agent, user } = await app.signedIn();
    const headers = new Headers({ cookie: cookieHeaderOf(agent) });
    expect(await app.readSession(headers)).not.toBeNull();
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await app.readSession(headers)).toBeNull();

    const other = await app.signedIn();
    const otherHeaders = new Headers({ cookie: cookieHeaderOf(other.agent) });
    await other.agent.signOut();
    expect(await app.readSession(otherHeaders)).toBeNull();
    expect(await betterAuthsAnswer(otherHeaders)).toBeNull();
  });

  it('answers null without credentials or for a token that names no session', async () => {
    expect(await app.readSession(new Headers())).toBeNull();
    expect(await app.readSession(new Headers({ authorization: 'Bearer no-such-token' }))).toBeNull();
    expect(await app.readSession(new Headers({ cookie: 'escale.session_token=nothing' }))).toBeNull();
  });
});
