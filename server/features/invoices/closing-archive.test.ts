// @databases pglite
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../../tests/support/test-database';
import { issueCreditNote, issueInvoice } from '../../billing/invoicing';
import { log } from '../../platform/log';
import type { Session } from '../../platform/session';
import { systemContext, unitOfWork } from '../../platform/service-context';
import { contextFor, localInstant } from '../reservations/reservations.fixtures';
import {
  ALWAYS_OPEN,
  addRole,
  insertPerson,
  insertSpace,
  type TestPerson,
} from '../../db/factories.fixtures';
import { closingArchive } from '../../billing/closing-archive';
import { invoicesRouter, setLegalIdentity } from './invoices.fixtures';
import { createRequestContexts } from '../../platform/request-context';
import { createInvoiceRoutes } from './invoices.routes';

/**
 * The archive of a closed month (issue 15): the month's invoices and credit notes as PDFs, a listing of
 * their numbers, totals and footprints, the payments, the closing, and a checksum file that matches. Also
 * the accountant's export of a period, which reads the same documents and payments.
 */
/** UTF-8 as written, its byte order mark kept (TextDecoder would drop it). */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

let now = new Date(localInstant('2027-03-10T10:00'));
const router = invoicesRouter(() => now);
const database = testDatabaseForFile();
let member: TestPerson;
let manager: TestPerson;
let spaceId = '';

beforeAll(async () => {
  member = await insertPerson(database.db, { name: 'Camille Martin' });
  manager = await insertPerson(database.db);
  spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setLegalIdentity(database.db, spaceId);
  await addRole(database.db, spaceId, manager.id, 'manager');
  const system = () => systemContext({ db: database.db, log, now });
  const sale = (cents: number) => ({
    spaceId,
    buyerUserId: member.id,
    lines: [{ label: 'Journée', quantity: 1, unitExclVatCents: cents, vatRateBasisPoints: 2000 }],
    serviceStart: '2027-03-10',
    serviceEnd: '2027-03-10',
  });
  const first = await unitOfWork(system(), (work) => issueInvoice(work, sale(1000), 'explicit'));
  const second = await unitOfWork(system(), (work) => issueInvoice(work, sale(2500), 'explicit'));
  await unitOfWork(system(), (work) => issueCreditNote(work, second!, 'Erreur de tarif'));
  await router.invoke(
    'invoices.recordPayment',
    { invoiceId: first!.id, amountCents: 1200, method: 'bank_transfer', paidOn: '2027-03-12' },
    contextFor(database.db, manager.session),
  );
  now = new Date(localInstant('2027-04-02T10:00'));
  await router.invoke(
    'invoices.closeMonth',
    { spaceId, month: '2027-03' },
    contextFor(database.db, manager.session),
  );
});

describe('the archive of a closed month', () => {
  it('holds the PDFs, the listings with footprints, the closing and matching checksums', async () => {
    const archive = (await closingArchive(database.db, spaceId, '2027-03'))!;
    expect(archive.fileName).toBe('cloture-2027-03.zip');
    const files = unzipSync(archive.bytes);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'SHA256SUMS',
        'cloture.json',
        'documents.csv',
        'factures/A-2027-000001.pdf',
        'factures/F-2027-000001.pdf',
        'factures/F-2027-000002.pdf',
        'paiements.csv',
      ].sort(),
    );
    for (const name of names.filter((entry) => entry.endsWith('.pdf')))
      expect(text(files[name]!.subarray(0, 5))).toBe('%PDF-');

    const sums = text(files.SHA256SUMS!).trim().split('\n');
    expect(sums).toHaveLength(names.length - 1);
    for (const line of sums) {
      const [hash, name] = line.split('  ') as [string, string];
      expect(createHash('sha256').update(files[name]!).digest('hex')).toBe(hash);
    }

    const listing = text(files['documents.csv']!);
    expect(listing.startsWith('\uFEFFNumero;Type;')).toBe(true);
    const rows = listing.trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(';')[0])).toEqual(['F-2027-000001', 'F-2027-000002', 'A-2027-000001']);
    const credit = rows[2]!.split(';');
    expect(credit[1]).toBe('avoir');
    expect(credit[8]).toBe('F-2027-000002');
    expect(credit[11]).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.split(';').slice(5, 8)).toEqual(['10,00', '2,00', '12,00']);
    expect(text(files['paiements.csv']!)).toContain('F-2027-000001;2027-03-12;virement;12,00;');

    const closing = JSON.parse(text(files['cloture.json']!)) as Record<string, unknown>;
    expect(closing).toMatchObject({ month: '2027-03', documents: 3, payments: 1, chain: { position: 4 } });
  });

  it('is the same archive byte for byte each time', async () => {
    const first = await closingArchive(database.db, spaceId, '2027-03');
    const second = await closingArchive(database.db, spaceId, '2027-03');
    expect(Buffer.from(second!.bytes).equals(Buffer.from(first!.bytes))).toBe(true);
  });

  it('is downloaded by the space’s managers only, and only for a closed month', async () => {
    const sessionOf = new Map<string, Session>([
      ['manager', manager.session],
      ['member', member.session],
    ]);
    const routes = createInvoiceRoutes({
      contextOf: createRequestContexts({
        db: database.db,
        readSession: async (headers) => sessionOf.get(headers.get('x-test-as') ?? '') ?? null,
        clock: () => now,
      }),
    });
    const get = (path: string, as: string) => routes.request(path, { headers: { 'x-test-as': as } });
    const path = `/invoicing/${spaceId}/closings/2027-03.zip`;
    const download = await get(path, 'manager');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="cloture-2027-03.zip"');
    expect((await get(path, 'member')).status).toBe(404);
    expect((await get(path, 'nobody')).status).toBe(401);
    expect((await get(`/invoicing/${spaceId}/closings/2027-02.zip`, 'manager')).status).toBe(404);
    expect((await get(`/invoicing/${spaceId}/closings/2027-13.zip`, 'manager')).status).toBe(404);
  });
});

describe('the accountant’s export of a period', () => {
  const routes = () =>
    createInvoiceRoutes({
      contextOf: createRequestContexts({
        db: database.db,
        readSession: async (headers) =>
          headers.get('x-test-as') === 'manager'
            ? manager.session
            : headers.get('x-test-as') === 'member'
              ? member.session
              : null,
        clock: () => now,
      }),
    });
  const get = (query: string, as: string) =>
    routes().request(`/invoicing/${spaceId}/export.csv${query}`, { headers: { 'x-test-as': as } });

  it('has one entry per document and per payment of the days asked, both included', async () => {
    const response = await get('?from=2027-03-01&to=2027-03-12', 'manager');
    expect(response.status).toBe(200);
    // trimEnd: trim() would take the byte order mark too.
    const rows = text(new Uint8Array(await response.arrayBuffer()))
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      '\uFEFFJournalCode;JournalLib;EcritureNum;EcritureDate;CompteNum;CompteLib;CompAuxNum;CompAuxLib;PieceRef;PieceDate;EcritureLib;Debit;Credit;EcritureLet;DateLet;ValidDate;Montantdevise;Idevise',
    );
    const entries = rows.slice(1).map((row) => row.split(';'));
    // Three documents (customer, revenue, VAT) and the payment (bank, customer).
    expect(entries.map((entry) => [entry[2], entry[4], entry[8], entry[11], entry[12]])).toEqual([
      ['1', '411000', 'F-2027-000001', '12,00', '0,00'],
      ['1', '706000', 'F-2027-000001', '0,00', '10,00'],
      ['1', '445710', 'F-2027-000001', '0,00', '2,00'],
      ['2', '411000', 'F-2027-000002', '30,00', '0,00'],
      ['2', '706000', 'F-2027-000002', '0,00', '25,00'],
      ['2', '445710', 'F-2027-000002', '0,00', '5,00'],
      ['3', '411000', 'A-2027-000001', '0,00', '30,00'],
      ['3', '706000', 'A-2027-000001', '25,00', '0,00'],
      ['3', '445710', 'A-2027-000001', '5,00', '0,00'],
      ['4', '512000', 'F-2027-000001', '12,00', '0,00'],
      ['4', '411000', 'F-2027-000001', '0,00', '12,00'],
    ]);
    // The payment says how it was paid in words, not as a stored value (issue 28).
    expect(entries[9]![10]).toBe('Règlement F-2027-000001 (virement)');
    // The last day asked is included; the day before the payment leaves it out.
    const before = await (await get('?from=2027-03-01&to=2027-03-11', 'manager')).text();
    expect(before).not.toContain('512000');
    expect(
      (await (await get('?from=2027-03-11&to=2027-03-11', 'manager')).text()).trim().split('\r\n'),
    ).toHaveLength(1);
  });

  it('is for the space’s managers, and refuses a period that is not one', async () => {
    expect((await get('?from=2027-03-01&to=2027-03-31', 'member')).status).toBe(404);
    expect((await get('?from=2027-03-01&to=2027-03-31', 'nobody')).status).toBe(401);
    for (const query of [
      '?from=2027-03-31&to=2027-03-01',
      '?from=2027-02-31&to=2027-03-05',
      '?from=2027-03-01&to=2027-13-01',
      '?from=2027-03-01',
    ])
      expect((await get(query, 'manager')).status, query).toBe(400);
  });
});
