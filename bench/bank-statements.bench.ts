/**
 * A bank statement of 5,000 lines matched against 20,000 open invoices (issue 32), on PGlite and, with
 * DATABASE_URL, on PostgreSQL (a database of its own, `bench_bank_statements`, dropped after). Target: under
 * 5 s on PostgreSQL.
 *
 * The space holds 20,000 open invoices (written by one server-side loop through the numbering counter, as
 * issuing would, without the PDFs and mails issuing also makes). The statement (camt.053) holds 3,000
 * transfers naming their invoice, 1,000 naming none but paid by their buyer at the amount due, 500 partial
 * payments and 500 lines matching nothing. What is timed is `importStatement` as the upload runs it, parsing
 * included: one unit of work that reads the open invoices, matches, records the ~4,500 payments chained in
 * the journal with their activity entries, and keeps the 5,000 lines. Wall time and this process's CPU time
 * are printed with the load average; nothing is asserted.
 *
 * `BENCH_SKIP_PGLITE=1` runs PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { addRole, ALWAYS_OPEN, insertPerson, insertSpace } from '../server/db/factories.fixtures';
import { setLegalIdentity } from '../server/features/invoices/invoices.fixtures';
import { importStatement } from '../server/features/bank-statements/bank-statements.service';
import { camt053, type SampleEntry } from '../server/features/bank-statements/statement-samples.fixtures';
import { contextFor } from '../server/features/reservations/reservations.fixtures';
import { onEachDatabase } from './in-process';
import { cpuSecondsOf, loadAverage } from './servers';

const INVOICES = 20_000;
const LINES = 5_000;
const TARGET_MS = 5_000;
const DATABASE_NAME = 'bench_bank_statements';

const numberOf = (index: number) => `F-2027-${String(index).padStart(6, '0')}`;
/** Invoice `index` is of buyer `Membre <index>`, for 1,200 cents plus its index: every amount differs. */
const totalOf = (index: number) => 1_200 + index;

/** 20,000 open invoices in one space, each through the counter row as issuing takes its number. */
async function fillInvoices(database: Database, spaceId: string) {
  const started = performance.now();
  // A thousand a transaction: a counter row moved many times in one transaction slows each next move.
  for (let from = 1; from <= INVOICES; from += 1_000)
    await database.db.execute(
      sql.raw(`DO $$
      BEGIN
        FOR i IN ${from}..${from + 999} LOOP
          INSERT INTO document_counters (space_id, kind, year, last_number) VALUES ('${spaceId}', 'invoice', 2027, 1)
            ON CONFLICT (space_id, kind, year) DO UPDATE SET last_number = document_counters.last_number + 1;
          INSERT INTO invoices (space_id, kind, year, sequence, number, buyer, seller, locale, issued_at, issue_date,
              service_start, service_end, due_date, excl_vat_cents, vat_cents, total_cents, vat_breakdown,
              chain_position, previous_footprint, footprint)
            VALUES ('${spaceId}', 'invoice', 2027, i, 'F-2027-' || lpad(i::text, 6, '0'),
              jsonb_build_object('name', 'Membre ' || i), '{}'::jsonb, 'fr', now(), '2027-03-01', '2027-03-01',
              '2027-03-01', '2027-03-31', 1200 + i, 0, 1200 + i, '[]'::jsonb, i, '', md5(i::text));
        END LOOP;
      END $$`),
    );
  await database.db.execute(
    sql.raw(
      `INSERT INTO journal_heads (space_id, last_position, last_footprint) VALUES ('${spaceId}', ${INVOICES}, md5('${INVOICES}'))`,
    ),
  );
  console.log(
    `  ${INVOICES.toLocaleString('en')} open invoices written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * CPU seconds used so far by each PostgreSQL backend serving the benchmark's database (read from /proc: the
 * server runs on this machine), so the import's cost is told apart from the machine's load. Null on PGlite,
 * whose work is this process's.
 */
async function serverCpuSeconds(database: Database): Promise<Map<number, number> | null> {
  if (database.kind !== 'postgres') return null;
  const rows = await rowsOf<{ pid: number }>(
    database.db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  );
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      seconds.set(Number(pid), cpuSecondsOf(Number(pid)));
    } catch {
      // A backend that ended meanwhile, or a server on another machine: not counted.
    }
  }
  return seconds;
}

function statementEntries(): SampleEntry[] {
  const entries: SampleEntry[] = [];
  for (let line = 0; line < LINES; line++) {
    const index = line * 4 + 1; // every fourth invoice, spread over the 20,000
    const reference = `BENCH-${line}`;
    if (line < 3_000)
      entries.push({
        reference,
        amountCents: totalOf(index),
        name: 'Payer',
        remittance: `Facture ${numberOf(index)}`,
      });
    else if (line < 4_000)
      entries.push({ reference, amountCents: totalOf(index), name: `MEMBRE ${index}`, remittance: 'loyer' });
    else if (line < 4_500)
      entries.push({ reference, amountCents: 500, name: 'Payer', remittance: `acompte ${numberOf(index)}` });
    else entries.push({ reference, amountCents: 100_000 + line, name: 'Nobody', remittance: 'virement' });
  }
  return entries;
}

async function bench(database: Database) {
  await database.migrate();
  const manager = await insertPerson(database.db, { name: 'Bench Manager' });
  const spaceId = await insertSpace(database.db, { hours: ALWAYS_OPEN });
  await setLegalIdentity(database.db, spaceId);
  await addRole(database.db, spaceId, manager.id, 'manager');
  await fillInvoices(database, spaceId);
  const content = camt053({ messageId: 'BENCH-1', day: '2027-03-11', entries: statementEntries() });
  console.log(
    `  statement: ${LINES.toLocaleString('en')} lines, ${(content.length / 1e6).toFixed(1)} MB of camt.053`,
  );
  const load = loadAverage();
  const serverBefore = await serverCpuSeconds(database);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await importStatement(contextFor(database.db, manager.session), {
    spaceId,
    fileName: 'bench.xml',
    content,
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const serverAfter = await serverCpuSeconds(database);
  console.log(
    `  import: ${(ms / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU of this process; load average before ${load}, after ${loadAverage()}`,
  );
  if (serverBefore && serverAfter) {
    let server = 0;
    for (const [pid, seconds] of serverAfter) server += seconds - (serverBefore.get(pid) ?? 0);
    console.log(`  PostgreSQL's backends of the benchmark's database: ${server.toFixed(2)} s CPU`);
  }
  console.log(`  outcomes: ${JSON.stringify(result.counts)}`);
  return ms;
}

export async function run() {
  await onEachDatabase(
    DATABASE_NAME,
    (database) => bench(database),
    (ms) => [
      `target < ${TARGET_MS / 1000} s on PostgreSQL: ${ms < TARGET_MS ? 'met' : 'NOT met'} (${(ms / 1000).toFixed(2)} s)`,
    ],
  );
}
