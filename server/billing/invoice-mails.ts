import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZUuid } from '#contract/input';
import { formatMoney } from '#contract/money';
import { users } from '../db/schema/auth';
import { invoices } from '../db/schema/invoices';
import { renderInvoicePdf } from './invoice-pdf';
import { linesOf } from './invoicing';
import { defineMail } from '../platform/mail-jobs';
import { greetingFor } from '../platform/mail-layout';

/**
 * The buyer's e-mails about a document, with its PDF attached: an invoice or credit note issued, an
 * invoice overdue (docs/decisions/024). Transactional: the buyer is owed their invoice.
 */
export const INVOICE_MAIL_EVENTS = ['issued', 'overdue'] as const;

export const invoiceMailJob = defineMail({
  kind: 'invoices.mail',
  payload: z.object({ event: z.enum(INVOICE_MAIL_EVENTS), invoiceId: ZUuid }),
  async compose({ event, invoiceId }, ctx) {
    const [row] = await ctx.db
      .select({
        invoice: invoices,
        member: { id: users.id, name: users.name, email: users.email, locale: users.locale },
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.buyerUserId))
      .where(eq(invoices.id, invoiceId));
    if (!row) return null;
    const { invoice, member } = row;
    // An overdue reminder for an invoice paid or credited meanwhile is not sent.
    if (event === 'overdue' && !['unpaid', 'partially_paid'].includes(invoice.paymentStatus)) return null;
    const [credited] = invoice.creditedInvoiceId
      ? await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.creditedInvoiceId))
      : [];
    const pdf = await renderInvoicePdf({
      invoice,
      lines: await linesOf(ctx.db, invoice.id),
      credited: credited ?? null,
    });
    const seller = invoice.seller as { spaceName: string };
    return {
      to: { email: member.email, userId: member.id, locale: member.locale },
      category: 'transactional',
      write: (locale, t) => {
        const key = `invoices.${event === 'overdue' ? 'overdue' : invoice.kind}`;
        const values = {
          number: invoice.number,
          space: seller.spaceName,
          amount: formatMoney(invoice.totalCents - (event === 'overdue' ? invoice.paidCents : 0), locale),
          date: invoice.dueDate,
        };
        return {
          subject: t(`${key}.subject`, values),
          greeting: greetingFor(locale, member.name),
          paragraphs: [t(`${key}.lead`, values)],
          details: [
            [t('invoices.labels.number'), invoice.number],
            [t('invoices.labels.amount'), values.amount],
          ],
          action: { label: t('invoices.button'), url: `${ctx.baseUrl}/documents` },
          attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
        };
      },
    };
  },
});
