// @databases pglite postgres
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { refusalOf } from '../../../tests/support/database-refusal';
import { issueInvoice } from '../../billing/invoicing';
import { insertPerson, type TestPerson } from '../../db/factories.fixtures';
import { sepaCollectionItems, sepaCollections, sepaMandates } from '../../db/schema/sepa';
import { unitOfWork } from '../../platform/service-context';
import { daySale, giveBillingDetails, invoicesRouter, invoicingSpace } from '../invoices/invoices.fixtures';

/**
 * What the database itself refuses on SEPA's records (migration 0051): mandates and collections never change,
 * a mandate's versions follow each other and stop at a revocation, one active mandate per member and space,
 * an item collects an open invoice under its buyer's current mandate, and its outcome moves once.
 */
const { database, clock, system } = featureTestFile(invoicesRouter, '2027-03-10T10:00');
let member: TestPerson;
let other: TestPerson;
let manager: TestPerson;

beforeAll(async () => {
  [member, other, manager] = await Promise.all([
    insertPerson(database.db, { name: 'Camille Martin' }),
    insertPerson(database.db),
    insertPerson(database.db),
  ]);
  await giveBillingDetails(database.db, member.id);
});

const IBAN = 'FR7630006000011234567890189';

function mandate(spaceId: string, userId: string, reference: string, version = 1, status = 'active') {
  return database.db
    .insert(sepaMandates)
    .values({
      spaceId,
      userId,
      reference,
      version,
      status: status as 'active',
      debtorName: 'Camille Martin',
      iban: IBAN,
      signedOn: '2027-03-10',
      recordedAt: clock.now,
      locale: 'fr',
    })
    .returning({ id: sepaMandates.id })
    .then(([row]) => row!.id);
}

async function collection(spaceId: string) {
  const [row] = await database.db
    .insert(sepaCollections)
    .values({
      spaceId,
      messageId: `MSG-${Math.random().toString(36).slice(2, 12)}`,
      collectionDate: '2027-03-25',
      transactions: 1,
      controlSumCents: 1200,
      creditor: { name: 'Espace', iban: IBAN, bic: '', creditorId: 'FR72ZZZ123456' },
      document: '<Document/>',
      createdAt: clock.now,
    })
    .returning({ id: sepaCollections.id });
  return row!.id;
}

const issue = (spaceId: string) =>
  unitOfWork(system(), (work) => issueInvoice(work, daySale(spaceId, member.id), 'explicit')).then(
    (invoice) => invoice!,
  );

function item(
  spaceId: string,
  collectionId: string,
  invoiceId: string,
  mandateId: string,
  endToEndId: string,
) {
  return database.db.insert(sepaCollectionItems).values({
    collectionId,
    spaceId,
    invoiceId,
    mandateId,
    endToEndId,
    amountCents: 1200,
    sequenceType: 'FRST',
  });
}

describe('mandates', () => {
  it('refuses UPDATE and DELETE of a mandate version', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const id = await mandate(spaceId, member.id, 'RUM-A');
    expect(
      await refusalOf(database.db.execute(sql`UPDATE sepa_mandates SET iban = 'x' WHERE id = ${id}`)),
    ).toMatchObject({ sqlState: '42501', message: 'sepa_mandates is kept as issued: UPDATE refused' });
    expect(
      await refusalOf(database.db.execute(sql`DELETE FROM sepa_mandates WHERE id = ${id}`)),
    ).toMatchObject({
      sqlState: '42501',
      message: 'sepa_mandates is kept as issued: DELETE refused',
    });
  });

  it('keeps versions in order, for the same member, and none after a revocation', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    await mandate(spaceId, member.id, 'RUM-B');
    expect(await refusalOf(mandate(spaceId, member.id, 'RUM-B', 3))).toMatchObject({
      sqlState: '23514',
      message: 'mandate RUM-B version 3 does not follow its last version',
    });
    expect(await refusalOf(mandate(spaceId, other.id, 'RUM-B', 2))).toMatchObject({
      sqlState: '23514',
      message: 'mandate RUM-B version 2 does not follow its last version',
    });
    expect(await refusalOf(mandate(spaceId, member.id, 'RUM-C'))).toMatchObject({
      sqlState: '23505',
      message: 'member already has an active mandate in this space',
    });
    await mandate(spaceId, member.id, 'RUM-B', 2, 'revoked');
    expect(await refusalOf(mandate(spaceId, member.id, 'RUM-B', 3))).toMatchObject({
      sqlState: '23514',
      message: 'mandate RUM-B is revoked: no version may follow',
    });
    // Revoked, the member may sign a new mandate, under a new reference.
    expect(await refusalOf(mandate(spaceId, member.id, 'RUM-B'))).toMatchObject({ sqlState: '23505' });
    expect(await refusalOf(mandate(spaceId, member.id, 'RUM-C'))).toMatchObject({ sqlState: 'done' });
  });
});

describe('collections', () => {
  it('collects an open invoice once, under the current mandate, and lets only its outcome move once', async () => {
    const spaceId = await invoicingSpace(database.db, manager.id);
    const first = await mandate(spaceId, member.id, 'RUM-D');
    const current = await mandate(spaceId, member.id, 'RUM-D', 2);
    const invoice = await issue(spaceId);
    const collectionId = await collection(spaceId);
    expect(await refusalOf(item(spaceId, collectionId, invoice.id, first, 'E2E-1'))).toMatchObject({
      sqlState: '23514',
      message: `invoice ${invoice.number} is not collected under its buyer's current mandate`,
    });
    expect(await refusalOf(item(spaceId, collectionId, invoice.id, current, 'E2E-1'))).toMatchObject({
      sqlState: 'done',
    });
    expect(await refusalOf(item(spaceId, collectionId, invoice.id, current, 'E2E-2'))).toMatchObject({
      sqlState: '23505',
      constraint: 'sepa_collection_items_invoice_once',
    });
    const update = (change: ReturnType<typeof sql>) => refusalOf(database.db.execute(change));
    expect(
      await update(sql`UPDATE sepa_collection_items SET amount_cents = 1 WHERE end_to_end_id = 'E2E-1'`),
    ).toMatchObject({
      sqlState: '42501',
      message: 'collected debit E2E-1 is recorded: only its outcome may change',
    });
    expect(
      await update(
        sql`UPDATE sepa_collection_items SET outcome = 'confirmed', outcome_at = now() WHERE end_to_end_id = 'E2E-1'`,
      ),
    ).toMatchObject({ sqlState: 'done' });
    // A confirmed debit may still come back (migration 0056, docs/decisions/033); a returned one moves no more.
    expect(
      await update(
        sql`UPDATE sepa_collection_items SET outcome = 'returned', return_reason = 'AM04' WHERE end_to_end_id = 'E2E-1'`,
      ),
    ).toMatchObject({ sqlState: 'done' });
    expect(
      await update(sql`UPDATE sepa_collection_items SET outcome = 'confirmed' WHERE end_to_end_id = 'E2E-1'`),
    ).toMatchObject({
      sqlState: '42501',
      message: 'collected debit E2E-1 is already returned: its outcome moves once',
    });
    expect(await update(sql`DELETE FROM sepa_collection_items WHERE end_to_end_id = 'E2E-1'`)).toMatchObject({
      sqlState: '42501',
      message: 'sepa_collection_items is kept as issued: DELETE refused',
    });
    expect(await update(sql`DELETE FROM sepa_collections WHERE id = ${collectionId}`)).toMatchObject({
      sqlState: '42501',
      message: 'sepa_collections is kept as issued: DELETE refused',
    });
  });
});
