/**
 * Invoices under load (issue 15), on PGlite and, with DATABASE_URL, on PostgreSQL (a database of its own,
 * `bench_invoices`, dropped after):
 *
 * - Issuing an invoice with its PDF: the issuing unit of work (counter row, chained journal, lines, activity
 *   entry, e-mail job) then the PDF/A-3 with its Factur-X XML rendered from the stored rows, one after the
 *   other in one space. Target: p95 < 250 ms.
 * - /documents for a member holding 5,000 invoices (issued for real, in 10 spaces at once) and 10 shared
 *   documents: the services alone (first page of invoices, shared documents) and the whole server-rendered
 *   page (`GET /documents`, the first page of 25 by keyset). Target: p95 < 30 ms on PostgreSQL.
 *
 * `BENCH_SKIP_PGLITE=1` runs PostgreSQL only. Figures are printed with the load average; nothing is asserted.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { documentShares, sharedDocuments } from '../server/db/schema/documents';
import { storedFiles } from '../server/db/schema/files';
import { billingDetails } from '../server/db/schema/invoices';
import { listMySharedDocuments } from '../server/features/invoices/documents.service';
import { invoicesCallables } from '../server/features/invoices/invoices.callables';
import { setLegalIdentity } from '../server/features/invoices/invoices.fixtures';
import { listMyInvoices } from '../server/features/invoices/invoices.service';
import { contextFor } from '../server/features/reservations/reservations.fixtures';
import {
  ALWAYS_OPEN,
  addRole,
  insertPerson,
  insertSpace,
  type TestPerson,
} from '../server/db/factories.fixtures';
import { tenancyCallables } from '../server/features/tenancy/tenancy.callables';
import { renderInvoicePdf } from '../server/billing/invoice-pdf';
import { issueInvoice, linesOf, type SaleToInvoice } from '../server/billing/invoicing';
import { log } from '../server/platform/log';
import { systemContext, unitOfWork } from '../server/platform/service-context';
import { benchApp, getPage, onEachDatabase } from './in-process';
import { loadServerBuild, measure } from './timing';
import os from 'node:os';
import { loadAverage } from './servers';

const INVOICES = 5_000;
const SPACES = 10;
const SHARED = 10;
const ISSUE_TARGET_MS = 250;
const PAGE_TARGET_MS = 30;
const DATABASE_NAME = 'bench_invoices';

function saleOf(spaceId: string, buyer: TestPerson, index: number): SaleToInvoice {
  const today = new Date().toISOString().slice(0, 10);
  return {
    spaceId,
    buyerUserId: buyer.id,
    lines: [
      {
        label: `Journée ${index}`,
        quantity: 1,
        unitExclVatCents: 2500 + (index % 7),
        vatRateBasisPoints: 2000,
      },
      { label: 'Café', quantity: 2, unitExclVatCents: 150, vatRateBasisPoints: 550 },
    ],
    serviceStart: today,
    serviceEnd: today,
  };
}

async function invoicingSpace(database: Database): Promise<string> {
  const spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setLegalIdentity(database.db, spaceId);
  return spaceId;
}

/** Issues through the real unit of work, one after the other in each space, the spaces side by side. */
async function fillInvoices(database: Database, member: TestPerson): Promise<string[]> {
  const started = performance.now();
  const spaces: string[] = [];
  for (let i = 0; i < SPACES; i++) spaces.push(await invoicingSpace(database));
  const system = () => systemContext({ db: database.db, log, now: new Date() });
  await Promise.all(
    spaces.map(async (spaceId, s) => {
      for (let i = 0; i < INVOICES / SPACES; i++)
        await unitOfWork(system(), (work) =>
          issueInvoice(work, saleOf(spaceId, member, s * 1000 + i), 'explicit'),
        );
    }),
  );
  console.log(
    `  ${INVOICES.toLocaleString('en')} invoices issued in ${SPACES} spaces in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return spaces;
}

/** Documents shared with the member, half with them alone, half with all members of the space. */
async function fillSharedDocuments(database: Database, spaceId: string, member: TestPerson) {
  await addRole(database.db, spaceId, member.id, 'member');
  for (let i = 0; i < SHARED; i++) {
    const key = randomBytes(16).toString('base64url');
    await database.db.insert(storedFiles).values({
      key,
      ownerId: null,
      purpose: 'shared-document',
      contentType: 'application/pdf',
      size: 120_000,
      fileName: `document-${i}.pdf`,
    });
    const [document] = await database.db
      .insert(sharedDocuments)
      .values({ spaceId, fileKey: key, title: `Document ${i}`, createdAt: new Date() })
      .returning();
    await database.db.insert(documentShares).values({
      documentId: document!.id,
      userId: i % 2 ? member.id : null,
      sharedAt: new Date(),
    });
  }
}

async function benchOn(database: Database, build: ServerBuild): Promise<{ issue: number; page: number }> {
  await database.migrate();
  console.log(`  load average before: ${loadAverage()}`);
  const buyer = await insertPerson(database.db, { name: 'Acheteur du banc' });
  await database.db.insert(billingDetails).values({
    userId: buyer.id,
    name: 'Acheteur du banc',
    addressLine: '3 rue des Machines',
    postcode: '69001',
    city: 'Lyon',
    country: 'FR',
    businessName: 'Machines SARL',
    siren: '987654321',
    vatNumber: 'FR12987654321',
  });
  const issuing = await invoicingSpace(database);
  const system = () => systemContext({ db: database.db, log, now: new Date() });
  let round = 0;
  const issue = await measure(
    'issue an invoice + render its PDF/A-3',
    async () => {
      const invoice = await unitOfWork(system(), (work) =>
        issueInvoice(work, saleOf(issuing, buyer, round++), 'explicit'),
      );
      await renderInvoicePdf({
        invoice: invoice!,
        lines: await linesOf(database.db, invoice!.id),
        credited: null,
      });
    },
    { warmup: 10, rounds: 100 },
  );
  console.log(`  load average: ${loadAverage()}`);

  const member = await insertPerson(database.db, { name: 'Membre du banc' });
  const spaces = await fillInvoices(database, member);
  await fillSharedDocuments(database, spaces[0]!, member);
  await database.db.execute('VACUUM ANALYZE');

  const empty = await insertPerson(database.db, { name: 'Membre sans facture' });
  const callables = [...tenancyCallables, ...invoicesCallables];
  const app = benchApp(database, build, callables, member.session);
  const ctx = contextFor(database.db, member.session);
  const first = await listMyInvoices(ctx, { limit: 25 });
  const shared = await listMySharedDocuments(ctx);
  // The cursor of page 100 (the 2,475th invoice): a keyset page costs the same however deep.
  const [cursor] = await rowsOf<{ id: string }>(
    database.db,
    sql`SELECT id FROM invoices WHERE buyer_user_id = ${member.id}
        ORDER BY issued_at DESC, id DESC OFFSET ${99 * 25 - 1} LIMIT 1`,
  );
  const deep = cursor!.id;
  console.log(
    `  sample: ${first.invoices.length} invoices on the first page, ${shared.length} shared documents`,
  );
  await measure('service: invoices.listMine (first page of 25)', () => listMyInvoices(ctx, { limit: 25 }));
  await measure('service: invoices.listMine (page 100, keyset)', () =>
    listMyInvoices(ctx, { limit: 25, cursor: deep }),
  );
  await measure('service: documents.listMine', () => listMySharedDocuments(ctx));
  const page = await measure(`GET /documents (${INVOICES.toLocaleString('en')} invoices)`, () =>
    getPage(app, '/documents'),
  );
  // The same page for a member holding nothing: what rendering any page costs on this machine now.
  const emptyApp = benchApp(database, build, callables, empty.session);
  await measure('GET /documents (nothing held), for comparison', () => getPage(emptyApp, '/documents'));
  console.log(`  load average: ${loadAverage()}`);
  return { issue, page };
}

const verdict = (label: string, p95: number, target: number) =>
  `target p95 < ${target} ms for ${label}: ${p95 < target ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`;

export async function run() {
  const build = await loadServerBuild();
  console.log(`${os.cpus().length} cores, load average ${loadAverage()}`);
  await onEachDatabase(
    DATABASE_NAME,
    (database) => benchOn(database, build),
    (figures) => [
      verdict('issuing with its PDF', figures.issue, ISSUE_TARGET_MS),
      verdict('GET /documents', figures.page, PAGE_TARGET_MS),
    ],
  );
}
