import { CircleCheck, FileText, Files } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TMySharedDocument } from '#contract/documents';
import { documentCalls } from '#contract/documents.plain';
import type { TInvoiceSummary } from '#contract/invoices';
import { PAYMENT_STATUSES } from '#contract/invoices.plain';
import { formatMoney } from '#contract/money';
import { Button } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { useFormOperation } from '~/platform/use-form-operation';
import { useLocale } from '~/platform/use-locale';
import { formatMomentDay } from '#contract/moment-day';
import { describeFile } from './document-format';
import {
  StatusBadge,
  DirectDebitNote,
  describeInvoice,
  formatInvoiceDate,
  invoicePdfPath,
  signedTotal,
} from './invoice-status';
import { stacked } from '~/ui/stacked-table';

export interface DocumentsPageData {
  invoices: TInvoiceSummary[];
  /** The cursor of the next (older) page of invoices, if any. */
  nextCursor: string | null;
  /** Whether this page is not the first (newest) one. */
  paged: boolean;
  shared: TMySharedDocument[];
}

/** One document shared with the member: download it, confirm having read it. */
function SharedDocument({ document }: { document: TMySharedDocument }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const acknowledge = useFormOperation(documentCalls.acknowledge, {
    namespace: 'invoices',
    success: t('shared.acknowledged'),
  });
  const headingId = `shared-${document.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="border-line flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center"
      data-testid="shared-document"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <h3 id={headingId} className="font-semibold break-words">
          {document.title}
        </h3>
        <p className="text-ink-soft text-sm">
          {t('shared.from', { space: document.spaceName, date: formatMomentDay(document.sharedAt, locale) })}
          {' · '}
          {describeFile(document.contentType, document.size, locale)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a
          className="text-primary-ink underline"
          href={document.url}
          download={document.fileName}
          aria-label={t('shared.downloadLabel', { title: document.title })}
        >
          {t('shared.download')}
        </a>
        {document.acknowledgedAt ? (
          <span className="text-ink inline-flex items-center gap-1 text-sm" data-testid="acknowledged">
            <CircleCheck aria-hidden className="text-success size-4" />
            {t('shared.readOn', { date: formatMomentDay(document.acknowledgedAt, locale) })}
          </span>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={acknowledge.pending}
            aria-label={t('shared.acknowledgeLabel', { title: document.title })}
            onClick={() => void acknowledge.run({ documentId: document.id })}
          >
            {t('shared.acknowledge')}
          </Button>
        )}
      </div>
    </li>
  );
}

function InvoicesTable({ invoices }: { invoices: TInvoiceSummary[] }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  // Every word the rows repeat, translated once for the table (i18next's `t` is the rows' main cost).
  const label = {
    number: t('columns.number'),
    description: t('columns.description'),
    space: t('columns.space'),
    date: t('columns.date'),
    amount: t('columns.amount'),
    status: t('columns.status'),
    document: t('columns.document'),
    pdf: t('pdf'),
    kind: { invoice: t('kind.invoice'), credit_note: t('kind.credit_note') },
    status_: Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, t(`status.${status}`)])),
  };
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr className="border-line border-b">
          <th scope="col" className={stacked.th}>
            {label.number}
          </th>
          <th scope="col" className={stacked.th}>
            {label.description}
          </th>
          <th scope="col" className={stacked.th}>
            {label.space}
          </th>
          <th scope="col" className={stacked.th}>
            {label.date}
          </th>
          <th scope="col" className={`${stacked.th} text-right`}>
            {label.amount}
          </th>
          <th scope="col" className={stacked.th}>
            {label.status}
          </th>
          <th scope="col" className="py-2">
            {label.document}
          </th>
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {invoices.map((invoice) => (
          <tr key={invoice.id} className={stacked.tr} data-testid="invoice-row">
            <td className={stacked.td} data-label={label.number}>
              <div>
                <span className="font-medium">{invoice.number}</span>
                <span className="text-ink-soft block text-xs">
                  {label.kind[invoice.kind]}
                  {invoice.relatedNumber
                    ? ` · ${t(invoice.kind === 'invoice' ? 'relatedCredit' : 'relatedInvoice', { number: invoice.relatedNumber })}`
                    : ''}
                </span>
              </div>
            </td>
            <td className={stacked.td} data-label={label.description} data-testid="invoice-description">
              {describeInvoice(invoice, t)}
            </td>
            <td className={stacked.td} data-label={label.space}>
              {invoice.spaceName}
            </td>
            <td className={stacked.td} data-label={label.date}>
              {formatInvoiceDate(invoice.issueDate, locale)}
            </td>
            <td className={`${stacked.td} text-right tabular-nums`} data-label={label.amount}>
              {formatMoney(signedTotal(invoice), locale)}
            </td>
            <td className={stacked.td} data-label={label.status}>
              {invoice.kind === 'invoice' ? (
                <div>
                  <StatusBadge status={invoice.status} label={label.status_[invoice.status]!} />
                  <DirectDebitNote invoice={invoice} />
                </div>
              ) : null}
            </td>
            <td className={stacked.td} data-label={label.document}>
              <a
                className="text-primary-ink underline"
                href={invoicePdfPath(invoice.id)}
                aria-label={t('pdfLabel', { number: invoice.number })}
                download={`${invoice.number}.pdf`}
              >
                {label.pdf}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /documents: the documents the member's spaces share with them, and their invoices and credit notes. */
export function DocumentsPage({ data }: { data: DocumentsPageData }) {
  const { t } = useTranslation('invoices');
  const { invoices, nextCursor, paged, shared } = data;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('documents.title')}</h1>
      <section aria-labelledby="shared-documents" className="space-y-3">
        <h2 id="shared-documents" className="text-xl font-semibold">
          {t('shared.title')}
        </h2>
        {shared.length === 0 ? (
          <p className="text-ink-soft flex items-center gap-2 text-sm">
            <Files aria-hidden className="size-4" />
            {t('shared.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {shared.map((document) => (
              <SharedDocument key={document.id} document={document} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="my-invoices" className="space-y-3">
        <h2 id="my-invoices" className="text-xl font-semibold">
          {t('documents.invoicesTitle')}
        </h2>
        {invoices.length === 0 && !paged ? (
          <EmptyState icon={FileText} title={t('documents.empty')}>
            {t('documents.emptyBody')}
          </EmptyState>
        ) : (
          <InvoicesTable invoices={invoices} />
        )}
        {paged || nextCursor ? (
          <nav aria-label={t('documents.pages')} className="flex flex-wrap gap-4 text-sm">
            {paged ? (
              <Link className="text-primary-ink underline" to="/documents">
                {t('documents.newest')}
              </Link>
            ) : null}
            {nextCursor ? (
              <Link
                className="text-primary-ink underline"
                to={`/documents?cursor=${encodeURIComponent(nextCursor)}`}
              >
                {t('documents.older')}
              </Link>
            ) : null}
          </nav>
        ) : null}
        <p className="text-ink-soft text-sm">
          <Link className="underline" to="/profile#billing">
            {t('documents.billingLink')}
          </Link>
        </p>
      </section>
    </main>
  );
}
