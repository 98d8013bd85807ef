// @databases pglite
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { insertPerson, type TestPerson } from '../db/factories.fixtures';
import { createRequestContexts, downloadHandler, type RequestEnv } from './request-context';
import type { Session } from './session';

/** The one factory from a request to a service context, and the one answer of a refused download. */

const NOW = new Date('2027-03-01T09:00:00Z');
const database = testDatabaseForFile();
let person: TestPerson;
let signedIn: Session | null = null;

beforeAll(async () => {
  person = await insertPerson(database.db, { locale: 'en' });
});

function routes(refusal?: AppError | Error) {
  const app = new Hono<RequestEnv>();
  // What the real app does with an unexpected error (logs it, answers 500), without the console noise.
  app.onError((_error, c) => c.text('Internal error', 500));
  const contextOf = createRequestContexts({
    db: database.db,
    readSession: async () => signedIn,
    clock: () => NOW,
  });
  app.get(
    '/file',
    downloadHandler(contextOf, async (c, { ctx, session }) => {
      if (refusal) throw refusal;
      return c.json({ locale: ctx.locale, actor: ctx.actor?.id ?? null, now: ctx.now, session: !!session });
    }),
  );
  return app;
}

describe('a GET route’s service context', () => {
  it('reads the language as the callables do: profile, then the lang cookie, then Accept-Language, then French', async () => {
    const read = async (headers: Record<string, string>) =>
      ((await (await routes().request('/file', { headers })).json()) as { locale: string }).locale;
    signedIn = null;
    expect(await read({})).toBe('fr');
    expect(await read({ 'accept-language': 'en-GB,en;q=0.9' })).toBe('en');
    expect(await read({ 'accept-language': 'en', cookie: 'lang=fr' })).toBe('fr');
    signedIn = person.session;
    expect(await read({ cookie: 'lang=fr', 'accept-language': 'fr' })).toBe('en');
  });

  it('names the caller and the request’s instant', async () => {
    signedIn = person.session;
    const body = await (await routes().request('/file')).json();
    expect(body).toEqual({ locale: 'en', actor: person.id, now: NOW.toISOString(), session: true });
  });
});

describe('a refused download', () => {
  it('is 401 to sign in, 400 with the fields for a bad request, 404 for anything else', async () => {
    const status = async (error: AppError) => (await routes(error).request('/file')).status;
    expect(await status(new AppError('unauthenticated', 'Sign in'))).toBe(401);
    expect(await status(new AppError('not-found', 'Gone'))).toBe(404);
    expect(await status(new AppError('permission-denied', 'Not yours'))).toBe(404);
    expect(await status(new AppError('failed-precondition', 'Not yet', { reason: 'open-month' }))).toBe(404);
    const invalid = await routes(
      new AppError('invalid-argument', 'Invalid period', {
        fields: [{ path: 'to', message: 'range-order' }],
      }),
    ).request('/file');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', details: { fields: [{ path: 'to', message: 'range-order' }] } },
    });
  });

  it('is not how an unexpected failure ends: that goes on to the app’s error handler', async () => {
    const response = await routes(new Error('disk on fire')).request('/file');
    expect(response.status).toBe(500);
  });
});
