import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MatchNote, StatementLineOutcome } from '#contract/bank-statements.plain';
import { STATEMENT_LINE_OUTCOMES } from '#contract/bank-statements.plain';
import type { TAllocation, TStatement, TStatementLine, TStatementSummary } from '#contract/bank-statements';
import { AppError, refused } from '#contract/errors';
import { OPEN_PAYMENT_STATUSES } from '#contract/invoices.plain';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/auth';
import {
  bankLineSettlements,
  bankStatementLines,
  bankStatements,
  type ProposedAllocations,
} from '../../db/schema/bank-statements';
import { invoices, spaceLegalIdentities } from '../../db/schema/invoices';
import { lockRow } from '../../db/transaction';
import { recordInvoicePayments, type PaymentToRecord } from '../../billing/payments';
import { requireRight } from '../../platform/policy';
import {
  logActivity,
  unitOfWork,
  type ServiceContext,
  type WorkContext,
} from '../../platform/service-context';
import { indexInvoices, matchTransfer, type Allocation, type OpenInvoice } from './matching';
import { applyCollectionLines } from './collections';
import {
  parseStatementFile,
  StatementFileError,
  type ParsedStatement,
  type StatementLine,
} from './statement-file';

/**
 * Bank statements (docs/decisions/033): a manager uploads a file; in one unit of work, under the space's
 * lock (two uploads of one space take turns), each line not yet recorded for the account is decided —
 * settled, proposed, not matched, a collection confirmed or returned — its payments are recorded in the
 * chained journal, and the lines are kept. A line already recorded from any file of the account is skipped:
 * the database's unique key on (space, account, line key) is the last word, so nothing is settled twice.
 */

type LineRow = typeof bankStatementLines.$inferInsert & { id: string };
type StatementRow = typeof bankStatements.$inferSelect;

/** A line decided, with what it should record once the payments are in. */
export interface DecidedLine {
  row: LineRow;
  /** Payments to record for it (a settled line), each an allocation. */
  payments: Allocation[];
}

function refusal(error: StatementFileError) {
  return refused(error.reason, `Statement file refused: ${error.reason}`);
}

function parsed(content: string): ParsedStatement {
  try {
    return parseStatementFile(content);
  } catch (error) {
    if (error instanceof StatementFileError) throw refusal(error);
    throw error;
  }
}

/** The space's open invoices, as matching reads them: what is due and whom they name. */
export async function openInvoicesOf(work: ServiceContext, spaceId: string): Promise<OpenInvoice[]> {
  const rows = await rowsOf<{
    id: string;
    number: string;
    due: number;
    name: string | null;
    business: string | null;
  }>(
    work.db,
    sql`SELECT id, number, total_cents - paid_cents AS due, buyer->>'name' AS name, buyer->>'businessName' AS business
        FROM invoices
        WHERE space_id = ${spaceId} AND kind = 'invoice'
          AND payment_status IN ${sql.raw(`(${OPEN_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`)}
        ORDER BY issue_date, number`,
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    dueCents: Number(row.due),
    buyerNames: [row.name ?? '', row.business ?? ''].filter(Boolean),
  }));
}

function baseRow(
  statementId: string,
  spaceId: string,
  accountIban: string,
  line: StatementLine,
  position: number,
): LineRow {
  return {
    id: randomUUID(),
    statementId,
    spaceId,
    accountIban,
    lineKey: line.key,
    position,
    kind: line.kind,
    amountCents: line.amountCents,
    currency: line.currency,
    bookingDate: line.bookingDate,
    counterpartyName: line.counterpartyName.slice(0, 200),
    counterpartyIban: line.counterpartyIban.slice(0, 40),
    remittance: line.remittance.slice(0, 500),
    endToEndId: line.endToEndId.slice(0, 40),
    reasonCode: line.reasonCode.slice(0, 8),
    outcome: 'unmatched',
    note: 'no-match',
    proposals: [],
  };
}

const decided = (
  row: LineRow,
  outcome: StatementLineOutcome,
  note: MatchNote,
  proposals: ProposedAllocations = [],
) => Object.assign(row, { outcome, note, proposals });

/** Records the payments of settled lines in one batch and keeps which payment each line made. */
async function settle(
  work: WorkContext,
  spaceId: string,
  fileName: string,
  lines: readonly DecidedLine[],
  method: (line: LineRow) => PaymentToRecord['method'],
  confirmed: boolean,
) {
  const items = lines.flatMap((line) =>
    line.payments.map((allocation) => ({
      line,
      payment: {
        invoiceId: allocation.invoiceId,
        amountCents: allocation.amountCents,
        method: method(line.row),
        paidOn: line.row.bookingDate,
        statement: fileName,
        confirmed,
      },
    })),
  );
  const recorded = await recordInvoicePayments(
    work,
    spaceId,
    items.map((item) => item.payment),
    // A manager's confirmation is logged payment by payment; an import's settlements by its one entry.
    { logEach: confirmed },
  );
  const settlements: (typeof bankLineSettlements.$inferInsert)[] = [];
  const recordedByLine = new Map<DecidedLine, number>();
  recorded.forEach((payment, index) => {
    const { line } = items[index]!;
    if (!payment) return;
    recordedByLine.set(line, (recordedByLine.get(line) ?? 0) + 1);
    settlements.push({
      spaceId,
      lineId: line.row.id,
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      settledAt: work.now,
      confirmedById: confirmed ? (work.actor?.id ?? null) : null,
    });
  });
  // A line whose invoices were all paid meanwhile (another payment came first) settled nothing.
  for (const line of lines)
    if (line.payments.length && !recordedByLine.has(line)) decided(line.row, 'unmatched', 'already-paid');
  return settlements;
}

async function insertInChunks<T>(rows: readonly T[], insert: (part: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
}

/** Uploads a statement: decides and applies each new line, and gives the statement's result. */
export async function importStatement(
  ctx: ServiceContext,
  input: { spaceId: string; fileName: string; content: string },
): Promise<TStatement> {
  await requireRight(ctx, 'manage', input.spaceId);
  const statement = parsed(input.content);
  const outcome = await unitOfWork(ctx, async (work) => {
    await lockRow(work.db, 'spaces', input.spaceId);
    const [identity] = await work.db
      .select({ iban: spaceLegalIdentities.iban })
      .from(spaceLegalIdentities)
      .where(eq(spaceLegalIdentities.spaceId, input.spaceId));
    if (identity?.iban && identity.iban !== statement.accountIban)
      throw refused('not-our-account', 'This statement is of another account', {
        accountIban: statement.accountIban,
      });
    const [earlier] = await work.db
      .select()
      .from(bankStatements)
      .where(
        and(
          eq(bankStatements.spaceId, input.spaceId),
          eq(bankStatements.accountIban, statement.accountIban),
          eq(bankStatements.identity, statement.identity),
        ),
      );
    if (earlier) return { statementId: earlier.id, duplicate: true, alreadyRecorded: statement.lines.length };
    return { ...(await recordStatement(work, input, statement)), duplicate: false };
  });
  return statementResult(ctx, outcome.statementId, outcome);
}

async function recordStatement(
  work: WorkContext,
  input: { spaceId: string; fileName: string },
  statement: ParsedStatement,
): Promise<{ statementId: string; alreadyRecorded: number }> {
  const { spaceId } = input;
  const [row] = await work.db
    .insert(bankStatements)
    .values({
      spaceId,
      format: statement.format,
      identity: statement.identity,
      accountIban: statement.accountIban,
      fromDate: statement.fromDate,
      toDate: statement.toDate,
      fileName: input.fileName,
      lineCount: statement.lines.length,
      uploadedAt: work.now,
      uploadedById: work.actor?.id ?? null,
    })
    .returning();
  const statementId = row!.id;
  // Lines the account already has (from this file's twin, or a camt.054 before its camt.053) are skipped.
  const keys = [...new Set(statement.lines.map((line) => line.key))];
  const known = new Set<string>();
  for (let start = 0; start < keys.length; start += 2000) {
    const part = keys.slice(start, start + 2000);
    const rows = await work.db
      .select({ key: bankStatementLines.lineKey })
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.spaceId, spaceId),
          eq(bankStatementLines.accountIban, statement.accountIban),
          inArray(bankStatementLines.lineKey, part),
        ),
      );
    for (const { key } of rows) known.add(key);
  }
  const fresh: DecidedLine[] = [];
  statement.lines.forEach((line, position) => {
    if (known.has(line.key)) return;
    known.add(line.key);
    fresh.push({ row: baseRow(statementId, spaceId, statement.accountIban, line, position), payments: [] });
  });

  const collections = await applyCollectionLines(work, spaceId, input.fileName, fresh);
  const index = indexInvoices(await openInvoicesOf(work, spaceId));
  // What the collections settled is no longer due for the transfers after them.
  for (const line of collections.settledLines)
    for (const { invoiceId, amountCents } of line.payments)
      index.due.set(invoiceId, (index.due.get(invoiceId) ?? 0) - amountCents);
  const transfers: DecidedLine[] = [];
  for (const line of fresh) {
    if (collections.handled.has(line)) continue;
    const { row } = line;
    if (row.currency !== 'EUR') {
      decided(row, 'ignored', 'not-euros');
      continue;
    }
    if (row.kind === 'debit') {
      decided(row, 'ignored', 'no-match');
      continue;
    }
    if (row.kind === 'return') {
      decided(row, 'unmatched', 'unknown-collection');
      continue;
    }
    const decision = matchTransfer(index, row);
    if (decision.outcome === 'settled') {
      decided(row, 'settled', decision.note);
      line.payments = decision.allocations;
      transfers.push(line);
    } else if (decision.outcome === 'proposed') decided(row, 'proposed', decision.note, decision.options);
    else decided(row, 'unmatched', decision.note);
  }
  const collected = await settle(
    work,
    spaceId,
    input.fileName,
    collections.settledLines,
    () => 'direct_debit',
    false,
  );
  const reversals = await collections.applyReturns(collected);
  const settlements = [
    ...collected,
    ...(await settle(work, spaceId, input.fileName, transfers, () => 'bank_transfer', false)),
    ...reversals,
  ];
  await insertInChunks(
    fresh.map((line) => line.row),
    (part) => work.db.insert(bankStatementLines).values(part),
  );
  await insertInChunks(settlements, (part) => work.db.insert(bankLineSettlements).values(part));
  const counts = countOutcomes(fresh.map((line) => line.row.outcome));
  await logActivity(work, {
    kind: 'bank_statement.imported',
    subject: { type: 'bank_statement', id: statementId },
    spaceId,
    details: {
      title: input.fileName,
      lines: fresh.length,
      settled: counts.settled,
      proposed: counts.proposed,
      unmatched: counts.unmatched,
      collected: counts.collected,
      returned: counts.returned,
    },
  });
  return { statementId, alreadyRecorded: statement.lines.length - fresh.length };
}

function countOutcomes(outcomes: readonly StatementLineOutcome[]) {
  const counts = Object.fromEntries(STATEMENT_LINE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    StatementLineOutcome,
    number
  >;
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}

/** A manager confirms one alternative of a proposed line: its payments are recorded, in their name. */
export async function confirmProposal(
  ctx: ServiceContext,
  input: { lineId: string; option: number },
): Promise<TStatement> {
  const [line] = await ctx.db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, input.lineId));
  if (!line) throw new AppError('not-found', `No statement line ${input.lineId}`);
  await requireRight(ctx, 'manage', line.spaceId);
  const [statement] = await ctx.db
    .select()
    .from(bankStatements)
    .where(eq(bankStatements.id, line.statementId));
  await unitOfWork(ctx, async (work) => {
    await lockRow(work.db, 'spaces', line.spaceId);
    const [current] = await work.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, line.id))
      .for('update');
    const option = current?.outcome === 'proposed' ? current.proposals[input.option] : undefined;
    if (!current || !option) throw refused('proposal-gone', 'This line is no longer proposed');
    const row: LineRow = { ...current };
    const decidedLine: DecidedLine = { row, payments: option };
    const settlements = await settle(
      work,
      line.spaceId,
      statement!.fileName,
      [decidedLine],
      () => 'bank_transfer',
      true,
    );
    if (!settlements.length) throw refused('nothing-to-confirm', 'The invoices proposed are paid already');
    await work.db.insert(bankLineSettlements).values(settlements);
    await work.db
      .update(bankStatementLines)
      .set({ outcome: 'settled', resolvedAt: work.now, resolvedById: work.actor?.id ?? null })
      .where(eq(bankStatementLines.id, line.id));
  });
  return statementResult(ctx, line.statementId, { duplicate: false, alreadyRecorded: 0 });
}

export async function listStatements(ctx: ServiceContext, spaceId: string): Promise<TStatementSummary[]> {
  await requireRight(ctx, 'manage', spaceId);
  const rows = await ctx.db
    .select()
    .from(bankStatements)
    .where(eq(bankStatements.spaceId, spaceId))
    .orderBy(desc(bankStatements.uploadedAt), desc(bankStatements.id))
    .limit(50);
  const counts = await outcomeCounts(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, counts.get(row.id) ?? countOutcomes([])));
}

async function outcomeCounts(ctx: ServiceContext, statementIds: string[]) {
  const counts = new Map<string, Record<StatementLineOutcome, number>>();
  if (!statementIds.length) return counts;
  const rows = await ctx.db
    .select({
      statementId: bankStatementLines.statementId,
      outcome: bankStatementLines.outcome,
      count: sql<number>`count(*)::int`,
    })
    .from(bankStatementLines)
    .where(inArray(bankStatementLines.statementId, statementIds))
    .groupBy(bankStatementLines.statementId, bankStatementLines.outcome);
  for (const row of rows) {
    const entry = counts.get(row.statementId) ?? countOutcomes([]);
    entry[row.outcome] = Number(row.count);
    counts.set(row.statementId, entry);
  }
  return counts;
}

function summaryOf(row: StatementRow, counts: Record<StatementLineOutcome, number>): TStatementSummary {
  return {
    id: row.id,
    format: row.format,
    fileName: row.fileName,
    accountIban: row.accountIban,
    fromDate: row.fromDate,
    toDate: row.toDate,
    uploadedAt: row.uploadedAt.toISOString(),
    counts,
  };
}

export async function getStatement(ctx: ServiceContext, statementId: string): Promise<TStatement> {
  const [row] = await ctx.db.select().from(bankStatements).where(eq(bankStatements.id, statementId));
  if (!row) throw new AppError('not-found', `No statement ${statementId}`);
  await requireRight(ctx, 'manage', row.spaceId);
  return statementResult(ctx, statementId, { duplicate: false, alreadyRecorded: 0 });
}

/** A statement with its lines, what each settled and what each proposes, named by invoice number. */
async function statementResult(
  ctx: ServiceContext,
  statementId: string,
  extra: { duplicate: boolean; alreadyRecorded: number },
): Promise<TStatement> {
  const [row] = await ctx.db.select().from(bankStatements).where(eq(bankStatements.id, statementId));
  const lines = await ctx.db
    .select({ line: bankStatementLines, resolvedBy: users.name })
    .from(bankStatementLines)
    .leftJoin(users, eq(users.id, bankStatementLines.resolvedById))
    .where(eq(bankStatementLines.statementId, statementId))
    .orderBy(asc(bankStatementLines.position));
  const settled = await ctx.db
    .select({
      lineId: bankLineSettlements.lineId,
      invoiceId: bankLineSettlements.invoiceId,
      amountCents: bankLineSettlements.amountCents,
    })
    .from(bankLineSettlements)
    .innerJoin(bankStatementLines, eq(bankStatementLines.id, bankLineSettlements.lineId))
    .where(eq(bankStatementLines.statementId, statementId));
  const invoiceIds = new Set(settled.map((entry) => entry.invoiceId));
  for (const { line } of lines)
    if (line.outcome === 'proposed')
      for (const option of line.proposals)
        for (const allocation of option) invoiceIds.add(allocation.invoiceId);
  const named = new Map<string, { number: string; buyerName: string }>();
  const ids = [...invoiceIds];
  for (let start = 0; start < ids.length; start += 2000) {
    const rows = await ctx.db
      .select({ id: invoices.id, number: invoices.number, buyer: invoices.buyer })
      .from(invoices)
      .where(inArray(invoices.id, ids.slice(start, start + 2000)));
    for (const invoice of rows) {
      const buyer = invoice.buyer as { name?: string; businessName?: string };
      named.set(invoice.id, { number: invoice.number, buyerName: buyer.businessName || buyer.name || '' });
    }
  }
  const allocation = (invoiceId: string, amountCents: number): TAllocation => ({
    invoiceId,
    amountCents,
    number: named.get(invoiceId)?.number ?? '',
    buyerName: named.get(invoiceId)?.buyerName ?? '',
  });
  const settledByLine = new Map<string, TAllocation[]>();
  for (const entry of settled) {
    const list = settledByLine.get(entry.lineId) ?? [];
    list.push(allocation(entry.invoiceId, entry.amountCents));
    settledByLine.set(entry.lineId, list);
  }
  const result: TStatementLine[] = lines.map(({ line, resolvedBy }) => ({
    id: line.id,
    position: line.position,
    kind: line.kind,
    amountCents: line.amountCents,
    currency: line.currency,
    bookingDate: line.bookingDate,
    counterpartyName: line.counterpartyName,
    remittance: line.remittance,
    endToEndId: line.endToEndId,
    reasonCode: line.reasonCode,
    outcome: line.outcome,
    note: line.note,
    settled: settledByLine.get(line.id) ?? [],
    proposals:
      line.outcome === 'proposed'
        ? line.proposals.map((option) =>
            option.map((entry) => allocation(entry.invoiceId, entry.amountCents)),
          )
        : [],
    resolvedBy: line.resolvedById ? (resolvedBy ?? '') : null,
  }));
  return {
    ...summaryOf(row!, countOutcomes(result.map((line) => line.outcome))),
    lines: result,
    ...extra,
  };
}
