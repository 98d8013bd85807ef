// @databases pglite
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { testConfig } from '../../tests/support/test-config';
import { createAuth } from '../platform/auth';
import { spaceRoleOf } from '../platform/policy';
import { createLogger } from '../platform/log';
import { users } from '../db/schema/auth';
import { spaces } from '../db/schema/spaces';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, presentDemoAccounts } from './demo-accounts';

const database = testDatabaseForFile({ seeded: true });

async function idOf(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function spaceIdOf(slug: string) {
  const [row] = await database.db.select({ id: spaces.id }).from(spaces).where(eq(spaces.slug, slug));
  return row!.id;
}

describe('demo accounts', () => {
  it('are seeded with confirmed addresses, and the roles the README promises', async () => {
    expect((await presentDemoAccounts(database.db)).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => account.email).sort(),
    );
    const member = await idOf('membre@escale.test');
    const manager = await idOf('gerant@escale.test');
    const admin = await idOf('admin@escale.test');
    expect([member.emailVerified, manager.emailVerified, admin.emailVerified]).toEqual([true, true, true]);
    expect([member.isAdmin, manager.isAdmin, admin.isAdmin]).toEqual([false, false, true]);
    const acme = await spaceIdOf('acme-coworking-paris');
    const ruche = await spaceIdOf('la-ruche-lyon');
    expect(await spaceRoleOf(database.db, member.id, acme)).toBe('member');
    expect(await spaceRoleOf(database.db, manager.id, acme)).toBe('owner');
    expect(await spaceRoleOf(database.db, manager.id, ruche)).toBe('manager');
    expect(await spaceRoleOf(database.db, admin.id, acme)).toBeNull();
  });

  it('sign in with the published password', async () => {
    const config = testConfig();
    const auth = createAuth({ db: database.db, config, log: createLogger() });
    const response = await auth.handler(
      new Request(`${config.baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: config.baseUrl },
        body: JSON.stringify({ email: 'gerant@escale.test', password: DEMO_PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
  });
});
