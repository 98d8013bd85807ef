// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp } from '../../tests/support/test-app';
import { rowsOf } from '../db/rows';
import { AUTH_PATH_RULES, AUTH_RATE_WINDOW_SECONDS, type AuthPathRule } from './auth-rate-limits';

/** The real rules, with the per-address thresholds lowered so a test reaches them quickly. */
const LOW: Record<string, AuthPathRule> = {
  ...AUTH_PATH_RULES,
  '/sign-up/email': {
    perAddress: { window: AUTH_RATE_WINDOW_SECONDS, max: 3 },
    perEmail: { window: AUTH_RATE_WINDOW_SECONDS, max: 100, counts: 'attempts' },
  },
};

let app: TestApp;
let lowApp: TestApp;

beforeAll(async () => {
  [app, lowApp] = await Promise.all([startTestApp(), startTestApp({ pathRules: LOW })]);
});
afterAll(async () => {
  await Promise.all([app.close(), lowApp.close()]);
});

async function expectResourceExhausted(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await response.json()) as { error: { status: string } };
  expect(body.error.status).toBe('RESOURCE_EXHAUSTED');
}

describe('per e-mail address', () => {
  it('refuses sign-in after 10 wrong passwords, even with the right one, answering resource-exhausted', async () => {
    const user = await createTestUser(app.database.db);
    const max = AUTH_PATH_RULES['/sign-in/email']!.perEmail!.max;
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await app.agent().signIn(user.email, 'wrong password, again')).status).toBe(401);
    }
    await expectResourceExhausted(await app.agent().signIn(user.email, user.password));
    // Another address from the same caller is not affected.
    const other = await createTestUser(app.database.db);
    expect((await app.agent().signIn(other.email, other.password)).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createTestUser(app.database.db);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await app.agent().signIn(user.email, user.password)).status).toBe(200);
    }
  });

  it('limits reset requests for one address, whether or not it has an account', async () => {
    const max = AUTH_PATH_RULES['/request-password-reset']!.perEmail!.max;
    for (const email of [(await createTestUser(app.database.db)).email, 'nobody-at-all@example.com']) {
      for (let attempt = 0; attempt < max; attempt++) {
        const response = await app.agent().json('/api/auth/request-password-reset', { email });
        expect(response.status).toBe(200);
      }
      await expectResourceExhausted(await app.agent().json('/api/auth/request-password-reset', { email }));
    }
  });

  it('limits sign-ups for one address', async () => {
    const max = AUTH_PATH_RULES['/sign-up/email']!.perEmail!.max;
    const body = { name: 'Repeat', email: 'repeat@example.com', password: 'long enough password' };
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await app.agent().signUp(body)).status).toBe(200);
    }
    await expectResourceExhausted(await app.agent().signUp(body));
  });
});

describe('per caller address', () => {
  it('refuses sign-ups beyond the threshold from one address, answering resource-exhausted', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await lowApp.agent().signUp({
        name: 'Flood',
        email: `flood${attempt}@example.com`,
        password: 'long enough password',
      });
      expect(response.status).toBe(200);
    }
    await expectResourceExhausted(
      await lowApp.agent().signUp({
        name: 'Flood',
        email: 'flood-last@example.com',
        password: 'long enough password',
      }),
    );
  });

  it('keeps its counters in the database, so every app process shares them', async () => {
    const counters = await rowsOf<{ key: string; count: number }>(
      lowApp.database.db,
      sql`select key, count from rate_limits where key like '%/sign-up/email'`,
    );
    expect(counters.some((row) => row.key.startsWith('127.0.0.1') && row.count >= 3)).toBe(true);
  });
});
