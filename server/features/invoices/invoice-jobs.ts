import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { invoiceMailJob } from '../../billing/invoice-mails';
import { documentSharedMailJob } from './document-mails';
import { closingAnchorMailJob } from './closing-mails';
import { defineSweepJob, enqueueJob } from '../../platform/jobs';
import { unitOfWork, type ServiceContext } from '../../platform/service-context';
import { OPEN_PAYMENT_STATUSES } from '#contract/invoices.plain';
import { statusIn } from '../../db/status-sql';

/** Overdue invoices are looked for hourly; each is reminded once. */
export const INVOICE_SWEEP_EVERY_MS = 3_600_000;

/**
 * Queues the reminder of every invoice unpaid past its due date (in its space's calendar) and not yet
 * reminded, marking it reminded in the same statement: two runners at once remind once.
 */
export async function remindOverdueInvoices(ctx: ServiceContext): Promise<number> {
  return unitOfWork(ctx, async (work) => {
    const reminded = await rowsOf<{ id: string }>(
      work.db,
      sql`UPDATE invoices i SET reminded_at = ${work.now.toISOString()}::timestamptz
          FROM spaces s
          WHERE s.id = i.space_id AND i.kind = 'invoice' AND i.reminded_at IS NULL
            AND ${statusIn(sql`i.payment_status`, OPEN_PAYMENT_STATUSES)}
            AND i.due_date < (${work.now.toISOString()}::timestamptz AT TIME ZONE s.time_zone)::date
          RETURNING i.id`,
    );
    for (const { id } of reminded)
      await enqueueJob(work.db, invoiceMailJob, { event: 'overdue', invoiceId: id });
    return reminded.length;
  });
}

export const invoiceSweepJob = defineSweepJob({
  kind: 'invoices.remindOverdue',
  everyMs: INVOICE_SWEEP_EVERY_MS,
  sweep: async (ctx) => ({ count: await remindOverdueInvoices(ctx) }),
  done: 'overdue invoices reminded',
});

/** Every job of invoicing. */
export const invoiceJobs = [invoiceMailJob, invoiceSweepJob, documentSharedMailJob, closingAnchorMailJob];
