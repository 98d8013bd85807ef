// @databases pglite postgres
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TStatement } from '#contract/bank-statements';
import { codeOf, featureTestFile } from '../../../tests/support/feature-test-file';
import { refusalOf } from '../../../tests/support/database-refusal';
import { issueInvoice } from '../../billing/invoicing';
import { verifySpaceChain } from '../../billing/chain';
import { accountingCsv } from '../../billing/accounting-export';
import { insertPerson, type TestPerson } from '../../db/factories.fixtures';
import { rowsOf } from '../../db/rows';
import { invoicePayments, invoices } from '../../db/schema/invoices';
import { sepaCollectionItems, sepaCollections, sepaMandates } from '../../db/schema/sepa';
import { routerAtClock } from '../reservations/reservations.fixtures';
import { unitOfWork } from '../../platform/service-context';
import { daySale, invoicingSpace } from '../invoices/invoices.fixtures';
import { bankStatementsCallables } from './bank-statements.callables';
import { camt053, SAMPLE_IBAN, type SampleEntry } from './statement-samples.fixtures';

/**
 * Bank statements settling invoices (docs/decisions/033), through the callables as a manager uploads them:
 * matching, partial payments, proposals confirmed in one click, duplicates, direct debits collected and
 * returned, and concurrent uploads. On PostgreSQL too: the unique keys and locks decide there.
 */
const { database, call, clock, system } = featureTestFile(
  (now) => routerAtClock(bankStatementsCallables, now),
  '2027-03-12T10:00',
);
let camille: TestPerson;
let lea: TestPerson;
let manager: TestPerson;

beforeAll(async () => {
  [camille, lea, manager] = await Promise.all([
    insertPerson(database.db, { name: 'Camille Martin' }),
    insertPerson(database.db, { name: 'Léa Dubois' }),
    insertPerson(database.db, { name: 'Sam Manager' }),
  ]);
});

/** An invoice of `cents` including VAT (20 %) to `buyer`. */
async function invoiceFor(spaceId: string, buyer: TestPerson, inclVatCents: number) {
  const invoice = await unitOfWork(system(), (work) =>
    issueInvoice(work, daySale(spaceId, buyer.id, Math.round(inclVatCents / 1.2)), 'explicit'),
  );
  return invoice!;
}

async function stateOf(invoiceId: string) {
  const [row] = await database.db
    .select({ status: invoices.paymentStatus, paid: invoices.paidCents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row!;
}

const upload = (spaceId: string, fileName: string, entries: SampleEntry[], messageId = fileName) =>
  call<TStatement>(manager, 'bankStatements.import', {
    spaceId,
    fileName,
    content: camt053({ messageId, day: '2027-03-11', entries }),
  });

const lineOf = (statement: TStatement, amountCents: number) =>
  statement.lines.find((line) => line.amountCents === amountCents)!;

describe('matching a statement', () => {
  it('settles exact and two-invoice transfers, records a partial payment, proposes an ambiguous payer', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const exact = await invoiceFor(spaceId, camille, 1200);
    const [first, second] = [await invoiceFor(spaceId, lea, 2400), await invoiceFor(spaceId, lea, 3600)];
    const partial = await invoiceFor(spaceId, lea, 6000);
    // Camille has two open invoices of the same amount: a transfer naming neither is hers, but which one?
    const [twinA, twinB] = [
      await invoiceFor(spaceId, camille, 4800),
      await invoiceFor(spaceId, camille, 4800),
    ];

    const statement = await upload(spaceId, 'releve-11-mars.xml', [
      { reference: 'R1', amountCents: 1200, name: 'Someone Else', remittance: `Facture ${exact.number}` },
      {
        reference: 'R2',
        amountCents: 6000,
        name: 'DUBOIS LEA',
        remittance: `${first.number} et ${second.number}`,
      },
      { reference: 'R3', amountCents: 2500, name: 'Léa Dubois', remittance: `acompte ${partial.number}` },
      { reference: 'R4', amountCents: 4800, name: 'MME CAMILLE MARTIN', remittance: 'loyer mars' },
      { reference: 'R5', amountCents: 777, name: 'Unknown Payer', remittance: 'don' },
    ]);

    expect(statement.lines.map((line) => [line.outcome, line.note])).toEqual([
      ['settled', 'exact'],
      ['settled', 'exact'],
      ['settled', 'partial'],
      ['proposed', 'several-candidates'],
      ['unmatched', 'no-match'],
    ]);
    expect(statement.counts).toMatchObject({ settled: 3, proposed: 1, unmatched: 1 });
    expect(lineOf(statement, 6000).settled.map((entry) => [entry.number, entry.amountCents])).toEqual([
      [first.number, 2400],
      [second.number, 3600],
    ]);
    expect(await stateOf(exact.id)).toEqual({ status: 'paid', paid: 1200 });
    expect(await stateOf(second.id)).toEqual({ status: 'paid', paid: 3600 });
    expect(await stateOf(partial.id)).toEqual({ status: 'partially_paid', paid: 2500 });
    expect(await stateOf(twinA.id)).toEqual({ status: 'unpaid', paid: 0 });
    expect(lineOf(statement, 4800).proposals.map((option) => option[0]!.number)).toEqual([
      twinA.number,
      twinB.number,
    ]);

    // One click confirms the second alternative, in the manager's name; a second click finds it gone.
    const confirmed = await call<TStatement>(manager, 'bankStatements.confirm', {
      lineId: lineOf(statement, 4800).id,
      option: 1,
    });
    expect(lineOf(confirmed, 4800)).toMatchObject({ outcome: 'settled', resolvedBy: 'Sam Manager' });
    expect(await stateOf(twinB.id)).toEqual({ status: 'paid', paid: 4800 });
    expect(
      await codeOf(
        call(manager, 'bankStatements.confirm', { lineId: lineOf(statement, 4800).id, option: 0 }),
      ),
    ).toBe('failed-precondition:proposal-gone');
    const [entry] = await rowsOf<{ actor_id: string; details: { confirmed: boolean; statement: string } }>(
      database.db,
      sql`SELECT actor_id, details FROM activity_entries WHERE kind = 'payment.recorded' AND subject_id = ${twinB.id}`,
    );
    expect(entry).toMatchObject({
      actor_id: manager.id,
      details: { confirmed: true, statement: 'releve-11-mars.xml' },
    });
    const [imported] = await rowsOf<{ actor_id: string; details: Record<string, unknown> }>(
      database.db,
      sql`SELECT actor_id, details FROM activity_entries WHERE kind = 'bank_statement.imported' AND subject_id = ${statement.id}`,
    );
    expect(imported).toMatchObject({
      actor_id: manager.id,
      details: { title: 'releve-11-mars.xml', lines: 5, settled: 3, proposed: 1, unmatched: 1 },
    });

    // The payments are in the chained journal and the accountant's export.
    expect(await verifySpaceChain(database.db, spaceId)).toMatchObject({ intact: true });
    const csv = await accountingCsv(database.db, spaceId, '2027-03-01', '2027-03-31');
    expect(csv).toContain(`Règlement ${partial.number} (virement)`);
    expect(await codeOf(call(lea, 'bankStatements.get', { statementId: statement.id }))).toBe(
      'permission-denied',
    );
  });

  it('settles nothing twice: the same file again, or a line already read from another file of the account', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const invoice = await invoiceFor(spaceId, camille, 1200);
    const entries = [
      { reference: 'DUP-1', amountCents: 600, name: 'Camille Martin', remittance: invoice.number },
    ];
    const first = await upload(spaceId, 'a.xml', entries, 'MSG-DUP');
    const again = await upload(spaceId, 'a-copy.xml', entries, 'MSG-DUP');
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    const other = await upload(spaceId, 'b.xml', entries, 'MSG-OTHER');
    expect(other).toMatchObject({ duplicate: false, alreadyRecorded: 1, lines: [] });
    expect(await stateOf(invoice.id)).toEqual({ status: 'partially_paid', paid: 600 });
    // The unique key is the last word, whatever the code above it does.
    const [line] = await rowsOf<{ statement_id: string }>(
      database.db,
      sql`SELECT statement_id FROM bank_statement_lines WHERE line_key = 'ref:DUP-1' AND space_id = ${spaceId}`,
    );
    expect(
      await refusalOf(
        database.db
          .execute(sql`INSERT INTO bank_statement_lines (statement_id, space_id, account_iban, line_key, position,
          kind, amount_cents, currency, booking_date, counterparty_name, counterparty_iban, remittance, end_to_end_id,
          reason_code, outcome, note) VALUES (${line!.statement_id}, ${spaceId}, ${SAMPLE_IBAN}, 'ref:DUP-1', 0,
          'transfer', 600, 'EUR', '2027-03-11', '', '', '', '', '', 'unmatched', 'no-match')`),
      ),
    ).toMatchObject({ sqlState: '23505', constraint: 'bank_statement_lines_once' });
  });

  it('settles each invoice once when two statements paying it are uploaded at the same time', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const targets = await Promise.all([1200, 2400, 3600].map((cents) => invoiceFor(spaceId, lea, cents)));
    const entries = (prefix: string) =>
      targets.map((invoice, index) => ({
        reference: `${prefix}-${index}`,
        amountCents: invoice.totalCents,
        name: 'Léa Dubois',
        remittance: invoice.number,
      }));
    const results = await Promise.all([
      upload(spaceId, 'one.xml', entries('ONE')),
      upload(spaceId, 'two.xml', entries('TWO')),
      upload(spaceId, 'one-again.xml', entries('ONE'), 'one.xml'),
    ]);
    // The same file twice is one statement (either upload may commit first); the other file's lines found the
    // invoices paid.
    const [first, other, again] = results;
    expect(again!.id).toBe(first!.id);
    expect([first!.duplicate, again!.duplicate].sort()).toEqual([false, true]);
    const settled = [first!.duplicate ? again! : first!, other!].flatMap((result) =>
      result.lines.filter((line) => line.outcome === 'settled'),
    );
    expect(settled).toHaveLength(3);
    for (const invoice of targets) {
      const payments = await database.db
        .select({ amount: invoicePayments.amountCents })
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoice.id));
      expect(payments).toEqual([{ amount: invoice.totalCents }]);
    }
    expect(await verifySpaceChain(database.db, spaceId)).toMatchObject({ intact: true });
  });
});

describe('direct debits', () => {
  async function collect(
    spaceId: string,
    member: TestPerson,
    invoiceIds: { id: string; totalCents: number; number: string }[],
  ) {
    const [mandate] = await database.db
      .insert(sepaMandates)
      .values({
        spaceId,
        userId: member.id,
        reference: `RUM-${member.id.slice(0, 8).toUpperCase()}`,
        version: 1,
        status: 'active',
        debtorName: 'Camille Martin',
        iban: 'FR1420041010050500013M02606',
        signedOn: '2027-03-01',
        recordedAt: clock.now,
        locale: 'fr',
      })
      .returning();
    const [collection] = await database.db
      .insert(sepaCollections)
      .values({
        spaceId,
        messageId: `MSG-${spaceId.slice(0, 8)}`,
        collectionDate: '2027-03-11',
        transactions: invoiceIds.length,
        controlSumCents: invoiceIds.reduce((sum, invoice) => sum + invoice.totalCents, 0),
        creditor: { name: 'Espace', iban: SAMPLE_IBAN, bic: '', creditorId: 'FR72ZZZ123456' },
        document: '<Document/>',
        createdAt: clock.now,
      })
      .returning();
    await database.db.insert(sepaCollectionItems).values(
      invoiceIds.map((invoice) => ({
        collectionId: collection!.id,
        spaceId,
        invoiceId: invoice.id,
        mandateId: mandate!.id,
        endToEndId: `${invoice.number}-1`,
        amountCents: invoice.totalCents,
        sequenceType: 'FRST' as const,
      })),
    );
    return mandate!;
  }

  it('confirms collected debits, then a return reopens its invoice with its payment reversed and tells both sides', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const kept = await invoiceFor(spaceId, camille, 3000);
    const returned = await invoiceFor(spaceId, camille, 4200);
    const mandate = await collect(spaceId, camille, [kept, returned]);
    const debit = (invoice: typeof kept, reference: string) => ({
      reference,
      amountCents: invoice.totalCents,
      name: 'Camille Martin',
      remittance: invoice.number,
      endToEndId: `${invoice.number}-1`,
      mandateId: mandate.reference,
      collection: true,
    });
    const confirming = await upload(spaceId, 'confirm.xml', [debit(kept, 'C1'), debit(returned, 'C2')]);
    expect(confirming.lines.map((line) => line.outcome)).toEqual(['collected', 'collected']);
    expect(await stateOf(returned.id)).toEqual({ status: 'paid', paid: 4200 });

    const returning = await upload(spaceId, 'return.xml', [
      {
        reference: 'RET-1',
        amountCents: -4200,
        name: 'Camille Martin',
        endToEndId: `${returned.number}-1`,
        reasonCode: 'AM04',
      },
    ]);
    expect(returning.lines[0]).toMatchObject({
      outcome: 'returned',
      reasonCode: 'AM04',
      settled: [{ number: returned.number, amountCents: -4200 }],
    });
    expect(await stateOf(returned.id)).toEqual({ status: 'unpaid', paid: 0 });
    expect(await stateOf(kept.id)).toEqual({ status: 'paid', paid: 3000 });
    const payments = await database.db
      .select({
        amount: invoicePayments.amountCents,
        method: invoicePayments.method,
        reverses: invoicePayments.reversesPaymentId,
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, returned.id))
      .orderBy(invoicePayments.chainPosition);
    expect(payments).toMatchObject([
      { amount: 4200, method: 'direct_debit', reverses: null },
      { amount: -4200, method: 'direct_debit' },
    ]);
    const [item] = await database.db
      .select({ outcome: sepaCollectionItems.outcome, reason: sepaCollectionItems.returnReason })
      .from(sepaCollectionItems)
      .where(eq(sepaCollectionItems.invoiceId, returned.id));
    expect(item).toEqual({ outcome: 'returned', reason: 'AM04' });
    const mails = await rowsOf<{ audience: string }>(
      database.db,
      sql`SELECT payload->>'audience' AS audience FROM jobs WHERE kind = 'bankStatements.returnMail'
          AND payload->>'invoiceId' = ${returned.id} ORDER BY 1`,
    );
    expect(mails.map((mail) => mail.audience)).toEqual(['manager', 'member']);
    const csv = await accountingCsv(database.db, spaceId, '2027-03-01', '2027-03-31');
    expect(csv).toContain(
      `512000;Banque;;;${returned.number};20270311;Rejet du règlement ${returned.number} (prélèvement SEPA);0,00;42,00`,
    );
    expect(await verifySpaceChain(database.db, spaceId)).toMatchObject({ intact: true });

    // The database keeps the reversal a mirror of its payment, once.
    const [original] = await database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, kept.id));
    expect(
      await refusalOf(
        database.db
          .execute(sql`INSERT INTO invoice_payments (space_id, invoice_id, amount_cents, method, paid_on,
          recorded_at, reverses_payment_id, chain_position, previous_footprint, footprint)
          VALUES (${spaceId}, ${kept.id}, -1, 'direct_debit', '2027-03-12', now(), ${original!.id}, 999, '', '')`),
      ),
    ).toMatchObject({ sqlState: '23514', message: 'a reversal mirrors the payment it reverses' });
    expect(
      await refusalOf(
        database.db.execute(
          sql`UPDATE bank_statement_lines SET outcome = 'unmatched' WHERE statement_id = ${returning.id}`,
        ),
      ),
    ).toMatchObject({
      sqlState: '42501',
      message: 'statement line ref:RET-1 is returned: only a proposal is resolved, once',
    });
  });
});
