import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TInvoiceSummary } from '#contract/invoices';
import { formatMoney } from '#contract/money';
import { EmptyState } from '~/ui/empty-state';
import { useLocale } from '~/platform/use-locale';
import { InvoiceStatus, formatInvoiceDate, invoicePdfPath } from './invoice-status';

/** /documents: the member's invoices and credit notes, with their status and PDF. */
export function DocumentsPage({ invoices }: { invoices: TInvoiceSummary[] }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('documents.title')}</h1>
      <section aria-labelledby="my-invoices" className="space-y-3">
        <h2 id="my-invoices" className="text-xl font-semibold">
          {t('documents.invoicesTitle')}
        </h2>
        {invoices.length === 0 ? (
          <EmptyState icon={FileText} title={t('documents.empty')}>
            {t('documents.emptyBody')}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-line border-b">
                  <th scope="col" className="py-2 pr-3">
                    {t('columns.number')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('columns.space')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('columns.date')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    {t('columns.amount')}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t('columns.status')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('columns.document')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-line border-b" data-testid="invoice-row">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{invoice.number}</span>
                      <span className="text-ink-soft block text-xs">
                        {t(`kind.${invoice.kind}`)}
                        {invoice.relatedNumber
                          ? ` · ${t(invoice.kind === 'invoice' ? 'relatedCredit' : 'relatedInvoice', { number: invoice.relatedNumber })}`
                          : ''}
                      </span>
                    </td>
                    <td className="py-2 pr-3">{invoice.spaceName}</td>
                    <td className="py-2 pr-3">{formatInvoiceDate(invoice.issueDate, locale)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {formatMoney(invoice.totalCents, locale)}
                    </td>
                    <td className="py-2 pr-3">
                      {invoice.kind === 'invoice' ? <InvoiceStatus status={invoice.status} /> : null}
                    </td>
                    <td className="py-2">
                      <a
                        className="text-primary-ink underline"
                        href={invoicePdfPath(invoice.id)}
                        aria-label={t('pdfLabel', { number: invoice.number })}
                        download={`${invoice.number}.pdf`}
                      >
                        {t('pdf')}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-ink-soft text-sm">
          <Link className="underline" to="/profile#billing">
            {t('documents.billingLink')}
          </Link>
        </p>
      </section>
    </main>
  );
}
