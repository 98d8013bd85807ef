import { and, eq, inArray, sql } from 'drizzle-orm';
import { MANAGING_ROLES } from '#contract/roles';
import { bankLineSettlements, bankStatementLines } from '../../db/schema/bank-statements';
import { spaceMembers } from '../../db/schema/memberships';
import { sepaCollectionItems } from '../../db/schema/sepa';
import { reverseInvoicePayments } from '../../billing/payments';
import { enqueueJob } from '../../platform/jobs';
import type { WorkContext } from '../../platform/service-context';
import type { DecidedLine } from './bank-statements.service';
import { returnMailJob } from './return-mails';

/**
 * The lines of a statement that answer a direct-debit collection (docs/decisions/033), found by the
 * end-to-end id each debit carried in the pain.008 (`sepa_collection_items.end_to_end_id`): money in
 * confirms the debit (its invoice is paid, method `direct_debit`); a return (R-transaction) marks it
 * returned with its reason, reverses its payment when it had been confirmed, and tells the member and the
 * space's managers. A collection line naming no debit of ours is left to transfer matching; a return naming
 * none is listed as not matched.
 */

type ItemRow = typeof sepaCollectionItems.$inferSelect;

export interface CollectionPass {
  /** Lines this pass decided (the rest go to transfer matching). */
  handled: Set<DecidedLine>;
  /** Confirmed collections, with the payment each records. */
  settledLines: DecidedLine[];
  /** After the collections' payments are recorded: the returns, their reversals and their e-mails. */
  applyReturns(
    settlements: readonly (typeof bankLineSettlements.$inferInsert)[],
  ): Promise<(typeof bankLineSettlements.$inferInsert)[]>;
}

export async function applyCollectionLines(
  work: WorkContext,
  spaceId: string,
  fileName: string,
  lines: readonly DecidedLine[],
): Promise<CollectionPass> {
  const ids = [...new Set(lines.map((line) => line.row.endToEndId).filter(Boolean))];
  const items = new Map<string, ItemRow>();
  for (let start = 0; start < ids.length; start += 2000) {
    const rows = await work.db
      .select()
      .from(sepaCollectionItems)
      .where(
        and(
          eq(sepaCollectionItems.spaceId, spaceId),
          inArray(sepaCollectionItems.endToEndId, ids.slice(start, start + 2000)),
        ),
      )
      .orderBy(sepaCollectionItems.id)
      .for('update');
    for (const row of rows) items.set(row.endToEndId, row);
  }
  const handled = new Set<DecidedLine>();
  const settledLines: DecidedLine[] = [];
  const confirmed: string[] = [];
  const returns: { line: DecidedLine; item: ItemRow; wasConfirmed: boolean }[] = [];
  for (const line of lines) {
    const { row } = line;
    const item = row.endToEndId ? items.get(row.endToEndId) : undefined;
    if (!item || row.kind === 'debit') continue;
    handled.add(line);
    if (row.kind === 'return') {
      if (item.outcome === 'returned') Object.assign(row, { outcome: 'unmatched', note: 'already-paid' });
      else {
        Object.assign(row, { outcome: 'returned', note: 'exact' });
        returns.push({ line, item, wasConfirmed: item.outcome === 'confirmed' });
        item.outcome = 'returned';
      }
      continue;
    }
    if (item.outcome !== 'pending') {
      Object.assign(row, { outcome: 'unmatched', note: 'already-paid' });
      continue;
    }
    Object.assign(row, { outcome: 'collected', note: 'exact' });
    line.payments = [{ invoiceId: item.invoiceId, amountCents: Math.min(row.amountCents, item.amountCents) }];
    settledLines.push(line);
    confirmed.push(item.id);
    item.outcome = 'confirmed';
  }
  if (confirmed.length)
    await work.db
      .update(sepaCollectionItems)
      .set({ outcome: 'confirmed', outcomeAt: work.now })
      .where(inArray(sepaCollectionItems.id, confirmed));

  return {
    handled,
    settledLines,
    async applyReturns(settlements) {
      if (!returns.length) return [];
      // The payment each returned debit made: in this statement, or in the one that confirmed it.
      const paymentOf = new Map<string, string>();
      for (const settlement of settlements) {
        const line = settledLines.find((candidate) => candidate.row.id === settlement.lineId);
        if (line) paymentOf.set(line.row.endToEndId, settlement.paymentId);
      }
      const earlier = returns.filter(
        ({ item, wasConfirmed }) => wasConfirmed && !paymentOf.has(item.endToEndId),
      );
      if (earlier.length) {
        const rows = await work.db
          .select({ endToEndId: bankStatementLines.endToEndId, paymentId: bankLineSettlements.paymentId })
          .from(bankLineSettlements)
          .innerJoin(bankStatementLines, eq(bankStatementLines.id, bankLineSettlements.lineId))
          .where(
            and(
              eq(bankStatementLines.spaceId, spaceId),
              eq(bankStatementLines.outcome, 'collected'),
              sql`${bankLineSettlements.amountCents} > 0`,
              inArray(
                bankStatementLines.endToEndId,
                earlier.map(({ item }) => item.endToEndId),
              ),
            ),
          );
        for (const row of rows) paymentOf.set(row.endToEndId, row.paymentId);
      }
      for (const { line, item } of returns)
        await work.db
          .update(sepaCollectionItems)
          .set({ outcome: 'returned', outcomeAt: work.now, returnReason: line.row.reasonCode || 'MS03' })
          .where(eq(sepaCollectionItems.id, item.id));
      const toReverse = returns.filter(({ item }) => paymentOf.has(item.endToEndId));
      const reversed = await reverseInvoicePayments(
        work,
        spaceId,
        toReverse.map(({ line, item }) => ({
          paymentId: paymentOf.get(item.endToEndId)!,
          paidOn: line.row.bookingDate,
          reasonCode: line.row.reasonCode,
          statement: fileName,
        })),
      );
      const managers = await work.db
        .select({ userId: spaceMembers.userId })
        .from(spaceMembers)
        .where(and(eq(spaceMembers.spaceId, spaceId), inArray(spaceMembers.role, [...MANAGING_ROLES])));
      for (const { line, item } of returns) {
        const mail = {
          invoiceId: item.invoiceId,
          amountCents: item.amountCents,
          reasonCode: line.row.reasonCode,
        };
        await enqueueJob(work.db, returnMailJob, { ...mail, audience: 'member', userId: null });
        for (const { userId } of managers)
          await enqueueJob(work.db, returnMailJob, { ...mail, audience: 'manager', userId });
      }
      return reversed.map(({ reversal }, index) => ({
        spaceId,
        lineId: toReverse[index]!.line.row.id,
        invoiceId: reversal.invoiceId,
        paymentId: reversal.id,
        amountCents: reversal.amountCents,
        settledAt: work.now,
        confirmedById: null,
      }));
    },
  };
}
