// @databases pglite postgres
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { featureTestFile } from '../../tests/support/feature-test-file';
import { rowsOf } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { JOBS } from '../jobs';
import { anonymiseActivityOf, recordActivity } from '../platform/activity';
import { createJobRunner } from '../platform/jobs';
import { log } from '../platform/log';
import { unitOfWork } from '../platform/service-context';
import { addRole, insertPerson, type TestPerson } from '../db/factories.fixtures';
import { insertFormula, setActivation } from '../features/formulas/formulas.fixtures';
import {
  daySale,
  giveBillingDetails,
  invoicesRouter,
  invoicingSpace,
} from '../features/invoices/invoices.fixtures';
import { recordingMailer } from '../features/reservations/reservations.fixtures';
import { verifySpaceChain } from './chain';
import { closingArchive } from './closing-archive';
import { issueCreditNote, issueInvoice } from './invoicing';
import {
  anchorText,
  describeLedgerReport,
  parseAnchor,
  PLATFORM_SCOPE,
  verifyAgainstAnchor,
  verifySpaceLedgers,
  verifyTriggerChain,
  type LedgerReport,
} from './ledger-chains';

/**
 * `verify-ledger`'s chains (docs/decisions/027): the invoice journal against its recorded head and its
 * counters, the credit ledger and the activity log chained by triggers, and the anchor a monthly closing
 * takes, keeps in its archive and sends to the space's owners. Each tampering is done as the database's
 * owner, guards switched off for the statement, as an intruder with every right would.
 */
const { database, clock, call, system } = featureTestFile(invoicesRouter, '2027-03-10T10:00');
let member: TestPerson;
let manager: TestPerson;

beforeAll(async () => {
  member = await insertPerson(database.db, { name: 'Camille Martin' });
  await giveBillingDetails(database.db, member.id);
  manager = await insertPerson(database.db);
});

const ledgerSpace = () => invoicingSpace(database.db, manager.id);

const issue = (spaceId: string, cents = 1000) =>
  unitOfWork(system(), (work) => issueInvoice(work, daySale(spaceId, member.id, cents), 'explicit'));

/** A pack bought by the member (active at purchase): its lot, granted with its first credit entry. */
async function creditLot(spaceId: string) {
  await setActivation(database.db, spaceId, 'purchase');
  const formulaId = await insertFormula(database.db, spaceId);
  await call(member, 'formulas.buy', {
    formulaId,
    paymentMethod: 'bank_transfer',
    idempotencyKey: randomUUID(),
  });
  const [lot] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM credit_lots WHERE space_id = ${spaceId}`,
  );
  return lot!.id;
}

const adjust = (lotId: string, amount: number, reason = 'Geste commercial') =>
  database.db.execute(
    sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, actor_id, occurred_at)
        VALUES (${lotId}, ${member.id}, 'adjustment', ${amount}, ${reason}, ${manager.id}, ${clock.now.toISOString()})`,
  );

/** Runs statements as the owner with the user triggers of `tables` off, as an intruder with full rights. */
async function withGuardsOff(tables: string[], statements: ReturnType<typeof sql>[]) {
  await database.db.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
    for (const statement of statements) await tx.execute(statement);
    for (const table of tables) await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  });
}

const byLedger = (reports: LedgerReport[]) =>
  Object.fromEntries(
    reports.map(({ ledger, intact, checked, brokenAt }) => [ledger, { intact, checked, brokenAt }]),
  );

describe('the invoice journal against its head and its counters', () => {
  it('reports the newest invoice removed with its lines, then the number its counter gave', async () => {
    const spaceId = await ledgerSpace();
    await issue(spaceId);
    await issue(spaceId);
    const newest = (await issue(spaceId))!;
    expect(await verifySpaceChain(database.db, spaceId)).toEqual({
      intact: true,
      checked: 3,
      brokenAt: null,
    });
    await withGuardsOff(
      ['invoices', 'invoice_lines'],
      [
        sql`DELETE FROM invoice_lines WHERE invoice_id = ${newest.id}`,
        sql`DELETE FROM invoices WHERE id = ${newest.id}`,
      ],
    );
    // Two entries still chain from the genesis, but the head recorded with them says three.
    expect(await verifySpaceChain(database.db, spaceId)).toEqual({
      intact: false,
      checked: 2,
      brokenAt: { position: 3, type: null, id: null, number: null, problem: 'head' },
    });
    const [journal] = await verifySpaceLedgers(database.db, spaceId);
    expect(describeLedgerReport(spaceId, journal!)).toBe(
      `${spaceId} journal: BROKEN at position 3: the chain stops before (or runs past) its recorded head: newest entries removed`,
    );
    // The head moved back as well: the counter still gave number 3.
    const [second] = await rowsOf<{ footprint: string }>(
      database.db,
      sql`SELECT footprint FROM invoices WHERE space_id = ${spaceId} AND chain_position = 2`,
    );
    await withGuardsOff(
      ['journal_heads'],
      [
        sql`UPDATE journal_heads SET last_position = 2, last_footprint = ${second!.footprint} WHERE space_id = ${spaceId}`,
      ],
    );
    expect(await verifySpaceChain(database.db, spaceId)).toEqual({
      intact: false,
      checked: 2,
      brokenAt: { position: null, type: null, id: null, number: 'F-2027-000003', problem: 'counter' },
    });
  });

  it('reports a credit note removed where its counter says one was issued', async () => {
    const spaceId = await ledgerSpace();
    const invoice = (await issue(spaceId))!;
    const note = (await unitOfWork(system(), (work) => issueCreditNote(work, invoice, 'Erreur de tarif')))!;
    await withGuardsOff(
      ['invoices', 'invoice_lines', 'journal_heads'],
      [
        sql`DELETE FROM invoice_lines WHERE invoice_id = ${note.id}`,
        sql`DELETE FROM invoices WHERE id = ${note.id}`,
        sql`UPDATE journal_heads SET last_position = 1, last_footprint = ${invoice.footprint} WHERE space_id = ${spaceId}`,
      ],
    );
    expect((await verifySpaceChain(database.db, spaceId)).brokenAt).toMatchObject({
      number: 'A-2027-000001',
      problem: 'counter',
    });
  });

  it('refuses to move a journal head other than forward by one', async () => {
    const spaceId = await ledgerSpace();
    await issue(spaceId);
    await expect(
      database.db.execute(sql`UPDATE journal_heads SET last_position = 0 WHERE space_id = ${spaceId}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });
});

describe('the credit ledger, chained', () => {
  it('chains every entry in its space and reports the newest one removed', async () => {
    const spaceId = await ledgerSpace();
    const lotId = await creditLot(spaceId);
    await adjust(lotId, 60);
    await adjust(lotId, -30, 'Correction « été » ☀');
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).credit).toEqual({
      intact: true,
      checked: 3,
      brokenAt: null,
    });
    const [newest] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM credit_entries WHERE space_id = ${spaceId} ORDER BY chain_position DESC LIMIT 1`,
    );
    await withGuardsOff(['credit_entries'], [sql`DELETE FROM credit_entries WHERE id = ${newest!.id}`]);
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).credit).toEqual({
      intact: false,
      checked: 2,
      brokenAt: { position: 3, id: null, problem: 'head' },
    });
  });

  it('reports an entry whose amount was changed, at that entry', async () => {
    const spaceId = await ledgerSpace();
    const lotId = await creditLot(spaceId);
    await adjust(lotId, 60);
    const [grant] = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM credit_entries WHERE space_id = ${spaceId} AND kind = 'grant'`,
    );
    await withGuardsOff(
      ['credit_entries'],
      [sql`UPDATE credit_entries SET amount = amount * 10 WHERE id = ${grant!.id}`],
    );
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).credit).toEqual({
      intact: false,
      checked: 0,
      brokenAt: { position: 1, id: String(grant!.id), problem: 'footprint' },
    });
  });

  it('keeps the chain from being written by the caller: the trigger sets the link', async () => {
    const spaceId = await ledgerSpace();
    const lotId = await creditLot(spaceId);
    await database.db.execute(
      sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, occurred_at, chain_position, footprint)
          VALUES (${lotId}, ${member.id}, 'adjustment', 5, 'Essai de lien', ${clock.now.toISOString()}, 99, 'forged')`,
    );
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).credit).toMatchObject({
      intact: true,
      checked: 2,
    });
  });
});

describe('the activity log, chained', () => {
  const entry = (spaceId: string | null, actorId: string, month = '2027-01') => ({
    kind: 'invoicing.month_closed' as const,
    actor: { type: 'user' as const, id: actorId, ip: '192.0.2.44' },
    subject: { type: 'invoicing_month' as const, id: `${spaceId}:${month}` },
    spaceId,
    details: { month },
    changes: { name: { before: 'Salle « Été »', after: 'Salle 🌞 1e21' } },
    occurredAt: clock.now,
  });

  it('reports an entry whose recorded values were changed, and one whose kind was', async () => {
    const spaceId = await ledgerSpace();
    await recordActivity(database.db, [entry(spaceId, manager.id), entry(spaceId, manager.id, '2027-02')]);
    const entries = await rowsOf<{ id: string }>(
      database.db,
      sql`SELECT id FROM activity_entries WHERE space_id = ${spaceId} ORDER BY chain_position`,
    );
    expect(entries).toHaveLength(2);
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).activity).toMatchObject({ intact: true });
    await withGuardsOff(
      ['activity_entries'],
      [sql`UPDATE activity_entries SET details = '{"month":"2026-12"}' WHERE id = ${entries[1]!.id}`],
    );
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).activity).toEqual({
      intact: false,
      checked: 1,
      brokenAt: { position: 2, id: String(entries[1]!.id), problem: 'values' },
    });
    await withGuardsOff(
      ['activity_entries'],
      [
        sql`UPDATE activity_entries SET details = '{"month":"2027-02"}', kind = 'invoicing.month_reopened' WHERE id = ${entries[1]!.id}`,
      ],
    );
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).activity!.brokenAt).toEqual({
      position: 2,
      id: String(entries[1]!.id),
      problem: 'footprint',
    });
  });

  it('chains entries written at once by many transactions, one position each', async () => {
    const spaceId = await ledgerSpace();
    const lotId = await creditLot(spaceId);
    const before = byLedger(await verifySpaceLedgers(database.db, spaceId));
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        database.db.transaction(async (tx) => {
          await recordActivity(
            tx,
            entry(spaceId, manager.id, `2026-${String((index % 12) + 1).padStart(2, '0')}`),
          );
          await tx.execute(
            sql`INSERT INTO credit_entries (lot_id, user_id, kind, amount, reason, occurred_at)
                VALUES (${lotId}, ${member.id}, 'adjustment', 1, 'Geste en série', ${clock.now.toISOString()})`,
          );
        }),
      ),
    );
    const reports = byLedger(await verifySpaceLedgers(database.db, spaceId));
    expect(reports.activity).toEqual({
      intact: true,
      checked: before.activity!.checked + 40,
      brokenAt: null,
    });
    expect(reports.credit).toEqual({ intact: true, checked: before.credit!.checked + 40, brokenAt: null });
  });

  it('stays intact through an account deletion’s anonymisation, which cannot touch the link', async () => {
    const spaceId = await ledgerSpace();
    const leaving = await insertPerson(database.db);
    await recordActivity(database.db, [entry(spaceId, leaving.id), entry(null, leaving.id)]);
    await anonymiseActivityOf(database.db, leaving.id, clock.now);
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).activity).toMatchObject({ intact: true });
    expect((await verifyTriggerChain(database.db, 'activity', PLATFORM_SCOPE)).intact).toBe(true);
    await expect(
      database.db.execute(
        sql`UPDATE activity_entries SET actor_id = NULL, anonymised_at = now(), footprint = 'x' WHERE actor_id = ${manager.id}`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });
});

describe('the anchor of a closing', () => {
  it('is in the closing’s archive, is sent to the owners, and reveals a chain rewritten after it', async () => {
    clock.set('2027-03-10T10:00');
    const spaceId = await ledgerSpace();
    const owner = await insertPerson(database.db, { locale: 'en', name: 'Olga Owner' });
    await addRole(database.db, spaceId, owner.id, 'owner');
    const coOwner = await insertPerson(database.db, { locale: 'fr', name: 'Paul Associé' });
    await addRole(database.db, spaceId, coOwner.id, 'owner');
    await issue(spaceId);
    const lotId = await creditLot(spaceId);
    await adjust(lotId, 60);
    clock.set('2027-04-02T10:00');
    const closing = await call<{ anchor: string }>(manager, 'invoices.closeMonth', {
      spaceId,
      month: '2027-03',
    });
    const anchor = parseAnchor(closing.anchor)!;
    expect(anchor.spaceId).toBe(spaceId);
    expect(anchor.heads.credit.position).toBe(2);
    expect(anchorText(anchor)).toBe(closing.anchor);

    const files = unzipSync((await closingArchive(database.db, spaceId, '2027-03'))!.bytes);
    const kept = JSON.parse(Buffer.from(files['cloture.json']!).toString('utf8')) as {
      anchor: string;
      heads: unknown;
    };
    expect(kept.anchor).toBe(closing.anchor);
    expect(kept.heads).toEqual(anchor.heads);

    const mailer = recordingMailer();
    const runner = createJobRunner({
      db: database.db,
      jobs: JOBS,
      baseUrl: 'https://escale.test',
      mailer,
      log,
    });
    await database.db.update(jobs).set({ runAt: clock.now }).where(eq(jobs.status, 'queued'));
    await runner.runDue(clock.now);
    const sent = mailer.sent.filter((mail) => mail.to === owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('March 2027 is closed');
    expect(sent[0]!.text).toContain(closing.anchor);
    const french = mailer.sent.filter((mail) => mail.to === coOwner.email);
    expect(french).toHaveLength(1);
    expect(french[0]!.subject).toContain('clôture de mars 2027, l’ancre de vos journaux');
    expect(french[0]!.text).toContain(closing.anchor);
    expect(mailer.sent.filter((mail) => mail.to === manager.email)).toEqual([]);

    // Later entries extend the chains: the anchor still holds.
    await adjust(lotId, 15);
    expect((await verifyAgainstAnchor(database.db, anchor)).every((report) => report.intact)).toBe(true);

    // The grant's amount raised, then every footprint after it and the head recomputed to match.
    const scope = spaceId.replace(/[^0-9a-f-]/g, '');
    await withGuardsOff(
      ['credit_entries', 'ledger_heads'],
      [
        sql`UPDATE credit_entries SET amount = amount * 10 WHERE space_id = ${spaceId} AND kind = 'grant'`,
        sql.raw(`DO $$
          DECLARE c credit_entries%ROWTYPE; previous text := repeat('0', 64);
          BEGIN
            FOR c IN SELECT * FROM credit_entries WHERE space_id = '${scope}' ORDER BY chain_position LOOP
              c.previous_footprint := previous;
              c.footprint := ledger_digest(previous || credit_entry_content(c));
              UPDATE credit_entries SET previous_footprint = c.previous_footprint, footprint = c.footprint
                WHERE id = c.id;
              previous := c.footprint;
            END LOOP;
            UPDATE ledger_heads SET last_footprint = previous WHERE ledger = 'credit' AND scope = '${scope}';
          END $$`),
      ],
    );
    // Consistent with itself, the rewritten chain walks intact: only the anchor kept outside tells.
    expect(byLedger(await verifySpaceLedgers(database.db, spaceId)).credit).toMatchObject({ intact: true });
    const against = byLedger(await verifyAgainstAnchor(database.db, anchor));
    expect(against.journal!.intact).toBe(true);
    expect(against.activity!.intact).toBe(true);
    expect(against.credit).toEqual({
      intact: false,
      checked: 3,
      brokenAt: { position: 2, id: null, problem: 'anchor' },
    });
  });

  it('reads only an anchor line as a closing writes it', () => {
    expect(parseAnchor('escale-anchor:not-a-space')).toBeNull();
    const line = anchorText({
      spaceId: '0b6f0d3e-8a55-4a39-9b6e-3f4f7d2f1a10',
      heads: {
        journal: { position: 3, footprint: 'a'.repeat(64) },
        credit: { position: 0, footprint: '0'.repeat(64) },
        activity: { position: 12, footprint: 'b'.repeat(64) },
      },
    });
    expect(line).toMatch(
      /^escale-anchor:0b6f0d3e-8a55-4a39-9b6e-3f4f7d2f1a10:journal-3-a{64}:credit-0-0{64}:activity-12-b{64}$/,
    );
    expect(anchorText(parseAnchor(` ${line}\n`)!)).toBe(line);
  });
});
