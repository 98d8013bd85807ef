// @databases pglite postgres
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../tests/support/database-refusal';
import { testDatabaseKind } from '../../tests/support/test-database';
import { verifySpaceChain } from '../billing/chain';
import { issueInvoice } from '../billing/invoicing';
import { verifyTriggerChain } from '../billing/ledger-chains';
import { closingAnchorMailJob } from '../features/invoices/closing-mails';
import { giveBillingDetails, setLegalIdentity } from '../features/invoices/invoices.fixtures';
import { recordActivity } from '../platform/activity';
import { enqueueJob } from '../platform/jobs';
import { log } from '../platform/log';
import { systemContext, unitOfWork } from '../platform/service-context';
import { migrateDatabase, openPostgres, type Database } from './client';
import { ALWAYS_OPEN, addRole, insertPerson, insertSpace } from './factories.fixtures';
import { databaseUrlWithName, dropDatabase, withAdminClient } from './postgres-admin';
import { rowsOf } from './rows';

/**
 * The application's role owns nothing (docs/decisions/027): on PostgreSQL, in a database of its own made
 * for this file, an owner role and an application role made for this run (dropped after it). The
 * migrations run through the owner's connection and grant the application's role its rows; connected as
 * that role, the application works, and switching a ledger's guards off, dropping them, changing a table or
 * emptying it is refused by PostgreSQL's privileges, not by the guards themselves. PGlite keeps one role.
 */
describe.runIf(testDatabaseKind() === 'postgres')('the application’s role on PostgreSQL', () => {
  const adminUrl = process.env.DATABASE_URL!;
  const suffix = randomBytes(5).toString('hex');
  const owner = `escale_owner_${suffix}`;
  const appRole = `escale_app_${suffix}`;
  const name = `escale_roles_${suffix}`;
  const urlOf = (role: string) => {
    const url = new URL(databaseUrlWithName(adminUrl, name));
    url.username = role;
    url.password = `pw_${suffix}`;
    return url.toString();
  };
  let app: Database;

  beforeAll(async () => {
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`CREATE ROLE ${owner} LOGIN PASSWORD 'pw_${suffix}'`);
      await client.query(`CREATE ROLE ${appRole} LOGIN PASSWORD 'pw_${suffix}'`);
      await client.query(`CREATE DATABASE ${name} OWNER ${owner}`);
      // As docs/deploy.md says: the application may connect, and nothing more on the database itself.
      await client.query(`REVOKE ALL ON DATABASE ${name} FROM PUBLIC`);
      await client.query(`GRANT CONNECT ON DATABASE ${name} TO ${appRole}`);
    });
    app = openPostgres(urlOf(appRole), { max: 4 });
    await migrateDatabase(app, { databaseOwnerUrl: urlOf(owner) }, log);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await dropDatabase(adminUrl, name);
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`DROP ROLE IF EXISTS ${appRole}`);
      await client.query(`DROP ROLE IF EXISTS ${owner}`);
    });
  });

  it('ran the migrations as the owner, who owns every table; the application’s own connection may not', async () => {
    const owners = await rowsOf<{ tableowner: string }>(
      app.db,
      sql`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(owners).toEqual([{ tableowner: owner }]);
    const [self] = await rowsOf<{ role: string }>(app.db, sql`SELECT current_user AS role`);
    expect(self!.role).toBe(appRole);
    // Through its own connection the application cannot migrate: it may not create anything.
    expect(await refusalOf(app.migrate())).toMatchObject({
      sqlState: '42501',
      message: expect.stringMatching(/permission denied for database/),
    });
    // Run again (a restart), the step changes nothing and grants the same.
    await migrateDatabase(app, { databaseOwnerUrl: urlOf(owner) }, log);
  });

  it('lets the application write its rows: people, sessions, spaces, invoices, activity, jobs', async () => {
    const member = await insertPerson(app.db);
    await giveBillingDetails(app.db, member.id);
    await app.db.execute(
      sql`INSERT INTO sessions (id, expires_at, token, created_at, updated_at, user_id)
          VALUES (${randomUUID()}, now() + interval '1 day', ${randomUUID()}, now(), now(), ${member.id})`,
    );
    const spaceId = await insertSpace(app.db, { hours: ALWAYS_OPEN });
    await addRole(app.db, spaceId, member.id, 'owner');
    await setLegalIdentity(app.db, spaceId);
    const now = new Date('2027-03-10T09:00:00Z');
    const invoice = await unitOfWork(systemContext({ db: app.db, log, now }), (work) =>
      issueInvoice(
        work,
        {
          spaceId,
          buyerUserId: member.id,
          lines: [{ label: 'Journée', quantity: 1, unitExclVatCents: 1000, vatRateBasisPoints: 2000 }],
          serviceStart: '2027-03-10',
          serviceEnd: '2027-03-10',
        },
        'explicit',
      ),
    );
    expect(invoice!.number).toBe('F-2027-000001');
    await app.db.execute(
      sql`UPDATE invoices SET payment_status = 'paid', paid_cents = total_cents WHERE id = ${invoice!.id}`,
    );
    await recordActivity(app.db, {
      kind: 'invoicing.month_closed',
      actor: { type: 'user', id: member.id },
      subject: { type: 'invoicing_month', id: `${spaceId}:2027-02` },
      spaceId,
      details: { month: '2027-02' },
      occurredAt: now,
    });
    await enqueueJob(app.db, closingAnchorMailJob, { spaceId, month: '2027-02', userId: member.id });
    expect(await verifySpaceChain(app.db, spaceId)).toMatchObject({ intact: true, checked: 1 });
    const activity = await verifyTriggerChain(app.db, 'activity', spaceId);
    expect(activity.intact).toBe(true);
    expect(activity.checked).toBeGreaterThan(0);
  });

  it('refuses it every way of switching the ledgers’ guards off, by privilege', async () => {
    const mustOwn = (table: string, kind = 'table') => ({
      sqlState: '42501',
      message: `must be owner of ${kind} ${table}`,
    });
    const run = (statement: string) => refusalOf(app.db.execute(sql.raw(statement)));
    expect(await run('ALTER TABLE invoices DISABLE TRIGGER USER')).toEqual(mustOwn('invoices'));
    expect(await run('ALTER TABLE credit_entries DISABLE TRIGGER credit_entries_no_change')).toEqual(
      mustOwn('credit_entries'),
    );
    expect(await run('DROP TRIGGER credit_entries_no_change ON credit_entries')).toEqual(
      mustOwn('credit_entries', 'relation'),
    );
    expect(await run('DROP TRIGGER activity_entries_chain ON activity_entries')).toEqual(
      mustOwn('activity_entries', 'relation'),
    );
    expect(await run('ALTER TABLE invoices ADD COLUMN note text')).toEqual(mustOwn('invoices'));
    expect(await run('ALTER TABLE activity_entries ALTER COLUMN footprint DROP NOT NULL')).toEqual(
      mustOwn('activity_entries'),
    );
    for (const table of [
      'invoices',
      'invoice_lines',
      'credit_entries',
      'activity_entries',
      'journal_heads',
    ]) {
      expect(await run(`TRUNCATE ${table} CASCADE`)).toEqual({
        sqlState: '42501',
        message: `permission denied for table ${table}`,
      });
    }
    // Rows the guards refuse are not granted either; the chains' heads move only through their triggers.
    expect(await run('DELETE FROM credit_entries')).toEqual({
      sqlState: '42501',
      message: 'permission denied for table credit_entries',
    });
    expect(await run(`UPDATE ledger_heads SET last_position = 0`)).toEqual({
      sqlState: '42501',
      message: 'permission denied for table ledger_heads',
    });
    expect(await run('CREATE TABLE shadow (id int)')).toEqual({
      sqlState: '42501',
      message: 'permission denied for schema public',
    });
    expect(await run('CREATE TEMPORARY TABLE credit_lots (id uuid)')).toEqual({
      sqlState: '42501',
      message: `permission denied to create temporary tables in database "${name}"`,
    });
    expect(await run(`SELECT escale_grant_app_role('${appRole}')`)).toMatchObject({
      sqlState: '42501',
      message: 'permission denied for function escale_grant_app_role',
    });
  });
});
