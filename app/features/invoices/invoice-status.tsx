import { useTranslation } from '~/platform/translation';
import type { PaymentStatus } from '#contract/invoices.plain';
import type { TInvoiceSummary } from '#contract/invoices';
import { cn } from '~/ui/cn';
import { formatCalendarDate } from '#contract/dates';
import { useLocale } from '~/platform/use-locale';

const tones: Record<PaymentStatus, string> = {
  unpaid: 'border-line text-ink',
  partially_paid: 'border-primary/50 text-ink',
  paid: 'border-success/60 bg-success/10 text-ink',
  overdue: 'border-danger/60 bg-danger/10 text-ink',
  credited: 'border-line text-ink-soft',
};

const badge = 'inline-block rounded-full border px-2 py-0.5 text-xs font-medium';

/** The badge with its words already translated (long tables translate each status once, not per row). */
export function StatusBadge({ status, label }: { status: PaymentStatus; label: string }) {
  return (
    <span data-testid="invoice-status" className={cn(badge, tones[status])}>
      {label}
    </span>
  );
}

/** An invoice's payment status as a labelled badge (its words, not only its colour). */
export function InvoiceStatus({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('invoices');
  return <StatusBadge status={status} label={t(`status.${status}`)} />;
}

/** "Will be debited on 10 Apr 2027 from account FR76 •••• 0189": a SEPA debit collected and not yet settled. */
export function DirectDebitNote({ invoice }: { invoice: Pick<TInvoiceSummary, 'directDebit'> }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const debit = invoice.directDebit;
  if (!debit) return null;
  return (
    <span className="text-ink-soft block text-xs" data-testid="direct-debit-note">
      {t('directDebit', {
        date: formatCalendarDate(debit.collectionDate, locale),
        iban: debit.maskedIban,
        reference: debit.reference,
      })}
    </span>
  );
}

/** What a document is for: its first line, and "+ 2 autres" when more follow. */
export function describeInvoice(
  invoice: Pick<TInvoiceSummary, 'firstLine' | 'otherLines'>,
  t: (key: string, options: { count: number }) => string,
): string {
  return invoice.otherLines > 0
    ? `${invoice.firstLine} ${t('otherLines', { count: invoice.otherLines })}`
    : invoice.firstLine;
}

/** A document's total as it reads: a credit note's is negative, what it gives back. */
export const signedTotal = (invoice: Pick<TInvoiceSummary, 'kind' | 'totalCents'>) =>
  invoice.kind === 'credit_note' ? -invoice.totalCents : invoice.totalCents;

/** Where an invoice's PDF is downloaded (its permission is checked by the server). */
export const invoicePdfPath = (id: string) => `/api/invoices/${id}.pdf`;

/** An invoice's calendar date as the reader writes it ("24 nov. 2026", "24 Nov 2026"). */
export const formatInvoiceDate = formatCalendarDate;
