import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, todayIn, wallClockIn } from '#contract/dates';
import { AppError, refused } from '#contract/errors';
import { OPEN_PAYMENT_STATUSES } from '#contract/invoices.plain';
import type { TCollectionLine, TCollectionSummary } from '#contract/sepa';
import { sepaEndToEndId, type SequenceType } from '#contract/sepa.plain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sepaCollectionItems, sepaCollections } from '../../db/schema/sepa';
import { statusIn } from '../../db/status-sql';
import type { Tx } from '../../db/transaction';
import { enqueueJob } from '../../platform/jobs';
import { requireRight } from '../../platform/policy';
import { logActivity, unitOfWork, type ServiceContext } from '../../platform/service-context';
import { creditorOf, type Creditor } from './creditor';
import { writePain008, type Pain008Debit } from './pain008';
import { prenotificationMailJob } from './sepa-mails';

/**
 * Collections (docs/decisions/032): the open invoices of members with an active mandate, due by the collection
 * date, gathered into one pain.008 file. Recorded when generated, each member pre-notified by e-mail; the
 * invoices stay open until the bank's statement confirms each debit (docs/decisions/033).
 */

interface DueRow extends Record<string, unknown> {
  invoice_id: string;
  number: string;
  due_date: string;
  amount_cents: number;
  mandate_id: string;
  reference: string;
  version: number;
  debtor_name: string;
  iban: string;
  signed_on: string;
  attempts: number;
  /** The IBAN of the last debit under this mandate not returned (null: never collected). */
  last_iban: string | null;
}

interface DueDebit extends TCollectionLine {
  mandateId: string;
  debit: Pain008Debit;
}

/** The first collection date the pre-notification delay allows when generating today. */
export function earliestCollectionDate(creditor: Creditor, now: Date): string {
  return addDays(todayIn(creditor.timeZone, now), creditor.prenotificationDays);
}

/**
 * The debits a collection at `collectionDate` takes: each open invoice of the space due by then whose buyer
 * holds an active mandate, not in a debit still pending or confirmed (one the bank returned only when the space
 * collects returned invoices again), for what is left to pay. FRST for a mandate never collected (or whose
 * account changed since: SMNDA), RCUR after.
 */
async function dueDebits(db: Db | Tx, spaceId: string, collectionDate: string, creditor: Creditor) {
  const rows = await rowsOf<DueRow>(
    db,
    sql`SELECT i.id AS invoice_id, i.number, i.due_date::text AS due_date,
               i.total_cents - i.paid_cents AS amount_cents,
               m.id AS mandate_id, m.reference, m.version, m.debtor_name, m.iban, m.signed_on::text AS signed_on,
               (SELECT count(*)::int FROM sepa_collection_items c WHERE c.invoice_id = i.id) AS attempts,
               (SELECT before.iban FROM sepa_collection_items c
                  JOIN sepa_mandates before ON before.id = c.mandate_id
                  WHERE before.space_id = m.space_id AND before.reference = m.reference AND c.outcome <> 'returned'
                  ORDER BY before.version DESC LIMIT 1) AS last_iban
        FROM invoices i
        JOIN LATERAL (
          SELECT * FROM (
            SELECT DISTINCT ON (reference) * FROM sepa_mandates
              WHERE space_id = i.space_id AND user_id = i.buyer_user_id ORDER BY reference, version DESC
          ) latest WHERE latest.status = 'active' LIMIT 1
        ) m ON true
        WHERE i.space_id = ${spaceId} AND i.kind = 'invoice'
          AND ${statusIn(sql`i.payment_status`, OPEN_PAYMENT_STATUSES)}
          AND i.due_date <= ${collectionDate}::date
          AND NOT EXISTS (SELECT 1 FROM sepa_collection_items c
                            WHERE c.invoice_id = i.id AND c.outcome <> 'returned')
          AND (${creditor.recollectReturned} OR NOT EXISTS (
                 SELECT 1 FROM sepa_collection_items c WHERE c.invoice_id = i.id))
        ORDER BY i.due_date, i.number`,
  );
  return rows.map((row): DueDebit => {
    const accountChanged = row.last_iban !== null && row.last_iban !== row.iban;
    const sequenceType: SequenceType = row.last_iban === null || accountChanged ? 'FRST' : 'RCUR';
    return {
      invoiceId: row.invoice_id,
      invoiceNumber: row.number,
      dueDate: row.due_date,
      memberName: row.debtor_name,
      mandateReference: row.reference,
      amountCents: Number(row.amount_cents),
      sequenceType,
      outcome: null,
      mandateId: row.mandate_id,
      debit: {
        endToEndId: sepaEndToEndId(row.number, Number(row.attempts) + 1),
        amountCents: Number(row.amount_cents),
        sequenceType,
        mandateReference: row.reference,
        signedOn: row.signed_on,
        debtorName: row.debtor_name,
        debtorIban: row.iban,
        accountChanged,
        remittance: row.number,
      },
    };
  });
}

async function readyCreditor(ctx: ServiceContext, spaceId: string): Promise<Creditor> {
  await requireRight(ctx, 'manage', spaceId);
  const creditor = await creditorOf(ctx.db, spaceId);
  if (!creditor) throw new AppError('not-found', 'No such space');
  if (!creditor.ready) throw refused('creditor-not-ready', 'The space has no creditor identifier yet');
  return creditor;
}

function requireCollectable(creditor: Creditor, now: Date, collectionDate: string): void {
  const earliest = earliestCollectionDate(creditor, now);
  if (collectionDate < earliest)
    throw refused('too-soon', 'The members must be told of a debit before it', { earliest });
}

export async function previewCollection(
  ctx: ServiceContext,
  input: { spaceId: string; collectionDate: string },
): Promise<{ earliest: string; lines: TCollectionLine[]; totalCents: number }> {
  const creditor = await readyCreditor(ctx, input.spaceId);
  const debits = await dueDebits(ctx.db, input.spaceId, input.collectionDate, creditor);
  return {
    earliest: earliestCollectionDate(creditor, ctx.now),
    lines: debits.map(({ mandateId: _mandate, debit: _debit, ...line }) => line),
    totalCents: debits.reduce((total, line) => total + line.amountCents, 0),
  };
}

type CollectionRow = typeof sepaCollections.$inferSelect;

function toSummary(row: CollectionRow): TCollectionSummary {
  return {
    id: row.id,
    messageId: row.messageId,
    collectionDate: row.collectionDate,
    createdAt: row.createdAt.toISOString(),
    transactions: row.transactions,
    controlSumCents: row.controlSumCents,
    fileName: collectionFileName(row),
  };
}

export function collectionFileName(row: Pick<CollectionRow, 'collectionDate' | 'messageId'>): string {
  return `prelevements-${row.collectionDate}-${row.messageId.slice(-6)}.xml`;
}

/**
 * Generates the collection: the debits due by `collectionDate` (at least the pre-notification delay away),
 * its pain.008 file, its items, its activity entry and a pre-notification per debit, in one transaction that
 * holds the space's collection lock (two managers at once: the second finds nothing left, or the rest).
 */
export async function createCollection(
  ctx: ServiceContext,
  input: { spaceId: string; collectionDate: string },
): Promise<TCollectionSummary> {
  const creditor = await readyCreditor(ctx, input.spaceId);
  requireCollectable(creditor, ctx.now, input.collectionDate);
  return unitOfWork(ctx, async (work) => {
    await work.db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sepa_collection:${input.spaceId}`}, 0))`,
    );
    const debits = await dueDebits(work.db, input.spaceId, input.collectionDate, creditor);
    if (debits.length === 0) throw refused('nothing-due', 'No invoice is due for direct debit by that date');
    const messageId = `ESC${randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase()}`;
    const document = writePain008({
      messageId,
      createdAt: wallClockIn(creditor.timeZone, work.now),
      collectionDate: input.collectionDate,
      creditor,
      debits: debits.map((line) => line.debit),
    });
    const controlSumCents = debits.reduce((total, line) => total + line.amountCents, 0);
    const [collection] = await work.db
      .insert(sepaCollections)
      .values({
        spaceId: input.spaceId,
        messageId,
        collectionDate: input.collectionDate,
        transactions: debits.length,
        controlSumCents,
        creditor: {
          name: creditor.name,
          iban: creditor.iban,
          bic: creditor.bic,
          creditorId: creditor.creditorId,
        },
        document,
        createdAt: work.now,
        createdById: work.actor?.id ?? null,
      })
      .returning();
    const items = await work.db
      .insert(sepaCollectionItems)
      .values(
        debits.map((line) => ({
          collectionId: collection!.id,
          spaceId: input.spaceId,
          invoiceId: line.invoiceId,
          mandateId: line.mandateId,
          endToEndId: line.debit.endToEndId,
          amountCents: line.amountCents,
          sequenceType: line.sequenceType,
        })),
      )
      .returning({ id: sepaCollectionItems.id });
    await logActivity(work, {
      kind: 'sepa_collection.created',
      subject: { type: 'sepa_collection', id: collection!.id },
      spaceId: input.spaceId,
      details: { amountCents: controlSumCents, count: debits.length, collectionDate: input.collectionDate },
    });
    for (const item of items) await enqueueJob(work.db, prenotificationMailJob, { itemId: item.id });
    return toSummary(collection!);
  });
}

export async function listCollections(ctx: ServiceContext, spaceId: string) {
  await requireRight(ctx, 'manage', spaceId);
  const creditor = await creditorOf(ctx.db, spaceId);
  if (!creditor) throw new AppError('not-found', 'No such space');
  const rows = await ctx.db
    .select()
    .from(sepaCollections)
    .where(eq(sepaCollections.spaceId, spaceId))
    .orderBy(desc(sepaCollections.createdAt), desc(sepaCollections.id))
    .limit(200);
  return {
    earliest: earliestCollectionDate(creditor, ctx.now),
    prenotificationDays: creditor.prenotificationDays,
    ready: creditor.ready,
    collections: rows.map(toSummary),
  };
}

/** A collection's file, for a manager of its space; `not-found` for anyone else. */
export async function collectionFile(
  ctx: ServiceContext,
  collectionId: string,
): Promise<{ fileName: string; document: string }> {
  const [row] = await ctx.db
    .select()
    .from(sepaCollections)
    .where(and(eq(sepaCollections.id, collectionId)));
  if (!row) throw new AppError('not-found', 'No such collection');
  await requireRight(ctx, 'manage', row.spaceId);
  return { fileName: collectionFileName(row), document: row.document };
}
