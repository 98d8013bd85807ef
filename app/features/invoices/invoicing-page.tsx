import { FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import {
  closeMonth,
  recordPayment,
  type TChainReport,
  type TClosing,
  type TInvoiceSummary,
  type TLegalIdentity,
} from '#contract/invoices';
import { INVOICE_PAYMENT_METHODS } from '#contract/invoices.plain';
import { centsOfEuros, decimalInputOf, formatMoney } from '#contract/money';
import { Button, buttonClass } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { EmptyState } from '~/ui/empty-state';
import { choicesOf, Input, Select } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { Section } from '~/ui/section';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import {
  InvoiceStatus,
  DirectDebitNote,
  describeInvoice,
  formatInvoiceDate,
  invoicePdfPath,
  signedTotal,
} from './invoice-status';
import { LegalIdentityForm } from './legal-identity-form';
import { stacked } from '~/ui/stacked-table';

export interface InvoicingPageData {
  spaceId: string;
  spaceName: string;
  today: string;
  identity: TLegalIdentity;
  invoices: TInvoiceSummary[];
  closings: TClosing[];
  chain: TChainReport;
}

/** A manager records a payment: amount (at most what is due), method, date. */
function RecordPayment({ invoice, today }: { invoice: TInvoiceSummary; today: string }) {
  const { t } = useTranslation(['invoices', 'common', 'auth']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'invoices' });
  const [open, setOpen] = useState(false);
  const due = invoice.totalCents - invoice.paidCents;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Checked with the server's schema first: an amount that is not one reads as refused beside its field.
    const payment = form.check(recordPayment.input, {
      invoiceId: invoice.id,
      amountCents: centsOfEuros(String(data.get('amount') ?? '')) ?? Number.NaN,
      method: String(data.get('method')) as (typeof INVOICE_PAYMENT_METHODS)[number],
      paidOn: String(data.get('paidOn')),
    });
    if (!payment) return;
    const paid = await form.run(() => call(recordPayment, payment), t('invoices:manage.paymentSaved'));
    if (!paid) return;
    setOpen(false);
    void revalidate();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={t('invoices:manage.recordPaymentOf', { number: invoice.number })}
        >
          {t('invoices:manage.recordPayment')}
        </Button>
      }
      title={t('invoices:manage.paymentTitle', { number: invoice.number })}
      description={t('invoices:manage.paymentDue', { amount: formatMoney(due, locale) })}
    >
      <form className="mt-4 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <Input
          name="amount"
          label={t('invoices:manage.amount')}
          inputMode="decimal"
          required
          defaultValue={decimalInputOf(due, locale)}
          error={form.errorOf('amountCents')}
        />
        <Select
          name="method"
          label={t('invoices:manage.method')}
          defaultValue="bank_transfer"
          choices={choicesOf(INVOICE_PAYMENT_METHODS, (method) => t(`invoices:manage.methods.${method}`))}
        />
        <Input
          name="paidOn"
          type="date"
          label={t('invoices:manage.paidOn')}
          required
          defaultValue={today}
          max={today}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t('invoices:manage.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={form.pending}>
            {t('invoices:manage.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function InvoicesTable({ invoices, today }: { invoices: TInvoiceSummary[]; today: string }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  if (!invoices.length)
    return (
      <EmptyState icon={FileText} title={t('manage.empty')}>
        {null}
      </EmptyState>
    );
  const cell = (label: string, extra = '') => ({
    className: extra ? `${stacked.td} ${extra}` : stacked.td,
    'data-label': t(label),
  });
  return (
    <table className={stacked.table}>
      <thead className={stacked.thead}>
        <tr className="border-line border-b">
          <th scope="col" className={stacked.th}>
            {t('columns.number')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('columns.description')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('columns.buyer')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('columns.date')}
          </th>
          <th scope="col" className={`${stacked.th} text-right`}>
            {t('columns.amount')}
          </th>
          <th scope="col" className={`${stacked.th} text-right`}>
            {t('columns.paid')}
          </th>
          <th scope="col" className={stacked.th}>
            {t('columns.status')}
          </th>
          <th scope="col" className="py-2">
            {t('columns.actions')}
          </th>
        </tr>
      </thead>
      <tbody className={stacked.tbody}>
        {invoices.map((invoice) => (
          <tr key={invoice.id} className={stacked.tr} data-testid="managed-invoice">
            <td {...cell('columns.number')}>
              <div>
                <a
                  className="text-primary-ink font-medium underline"
                  href={invoicePdfPath(invoice.id)}
                  aria-label={t('pdfLabel', { number: invoice.number })}
                >
                  {invoice.number}
                </a>
                <span className="text-ink-soft block text-xs">
                  {t(`kind.${invoice.kind}`)}
                  {invoice.relatedNumber
                    ? ` · ${t(invoice.kind === 'invoice' ? 'relatedCredit' : 'relatedInvoice', { number: invoice.relatedNumber })}`
                    : ''}
                </span>
              </div>
            </td>
            <td {...cell('columns.description')} data-testid="invoice-description">
              {describeInvoice(invoice, t)}
            </td>
            <td {...cell('columns.buyer')}>{invoice.buyerName}</td>
            <td {...cell('columns.date')}>{formatInvoiceDate(invoice.issueDate, locale)}</td>
            <td {...cell('columns.amount', 'text-right tabular-nums')}>
              {formatMoney(signedTotal(invoice), locale)}
            </td>
            <td {...cell('columns.paid', 'text-right tabular-nums')}>
              {invoice.kind === 'invoice' ? formatMoney(invoice.paidCents, locale) : ''}
            </td>
            <td {...cell('columns.status')}>
              {invoice.kind === 'invoice' ? (
                <div>
                  <InvoiceStatus status={invoice.status} />
                  <DirectDebitNote invoice={invoice} />
                </div>
              ) : null}
            </td>
            <td {...cell('columns.actions')}>
              {invoice.kind === 'invoice' &&
              invoice.paidCents < invoice.totalCents &&
              invoice.status !== 'credited' ? (
                <RecordPayment invoice={invoice} today={today} />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChainStatus({ chain }: { chain: TChainReport }) {
  const { t } = useTranslation('invoices');
  if (chain.intact)
    return (
      <Notice tone="success">
        <span data-testid="chain-status">{t('manage.chainIntact', { count: chain.checked })}</span>
      </Notice>
    );
  const at = chain.brokenAt!;
  return (
    <Notice tone="error">
      <span data-testid="chain-status">
        {at.problem === 'counter'
          ? t('manage.chainNumberMissing', { document: at.number })
          : t('manage.chainBroken', {
              position: at.position,
              document: at.number ?? at.id ?? '—',
              problem: t(`manage.problems.${at.problem}`),
            })}
      </span>
    </Notice>
  );
}

function Closing({ spaceId, closings, today }: { spaceId: string; closings: TClosing[]; today: string }) {
  const { t } = useTranslation(['invoices', 'common']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'invoices' });
  const [year, month] = today.split('-').map(Number) as [number, number];
  const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const closed = await form.run(
      () => call(closeMonth, { spaceId, month: String(data.get('month')) }),
      t('invoices:manage.closed'),
    );
    if (closed) void revalidate();
  }
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void submit(event)}>
        <Input
          name="month"
          type="month"
          label={t('invoices:manage.month')}
          defaultValue={lastMonth}
          max={lastMonth}
          required
          error={form.errorOf('month')}
        />
        <Button type="submit" disabled={form.pending}>
          {t('invoices:manage.close')}
        </Button>
      </form>
      {closings.length === 0 ? (
        <p className="text-ink-soft text-sm">{t('invoices:manage.closingsEmpty')}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {closings.map((closing) => (
            <li key={closing.month} data-testid="closing">
              {t('invoices:manage.closingLine', {
                month: closing.month,
                invoiced: money(closing.totals.invoicedTotalCents),
                credited: money(closing.totals.creditedTotalCents),
                payments: money(closing.totals.paymentsCents),
                perpetual: money(closing.perpetual.invoicedTotalCents),
              })}{' '}
              <a
                className="text-primary-ink underline"
                href={`/api/invoicing/${spaceId}/closings/${closing.month}.zip`}
                download={`cloture-${closing.month}.zip`}
                aria-label={t('invoices:manage.archiveLabel', { month: closing.month })}
              >
                {t('invoices:manage.archive')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /myspaces/{id}/invoicing: the space's legal identity, invoices, payments, chain, closing and export. */
export function InvoicingPage({ data }: { data: InvoicingPageData }) {
  const { t } = useTranslation('invoices');
  const missing = data.identity.missing;
  const monthStart = `${data.today.slice(0, 7)}-01`;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <Link className="text-primary-ink text-sm underline" to={`/myspaces/${data.spaceId}`}>
          {t('manage.back')}
        </Link>
        <h1 className="text-2xl font-bold">{t('manage.title', { space: data.spaceName })}</h1>
        {missing.length ? (
          <Notice tone="info">
            {t('manage.missing', { fields: missing.map((field) => t(`manage.fields.${field}`)).join(', ') })}
          </Notice>
        ) : (
          <Notice tone="success">{t('manage.complete')}</Notice>
        )}
      </div>
      <Section id="invoices" title={t('manage.invoicesTitle')}>
        <InvoicesTable invoices={data.invoices} today={data.today} />
      </Section>
      <Section id="chain" title={t('manage.chainTitle')}>
        <ChainStatus chain={data.chain} />
      </Section>
      <Section id="closing" title={t('manage.closingTitle')} hint={t('manage.closingLead')}>
        <Closing spaceId={data.spaceId} closings={data.closings} today={data.today} />
      </Section>
      <Section id="export" title={t('manage.exportTitle')} hint={t('manage.exportLead')}>
        <form
          className="flex flex-wrap items-end gap-3"
          method="get"
          action={`/api/invoicing/${data.spaceId}/export.csv`}
        >
          <Input name="from" type="date" label={t('manage.from')} defaultValue={monthStart} required />
          <Input name="to" type="date" label={t('manage.to')} defaultValue={data.today} required />
          <button type="submit" className={buttonClass('outline')}>
            {t('manage.export')}
          </button>
        </form>
      </Section>
      <Section id="identity" title={t('manage.identityTitle')} hint={t('manage.identityLead')}>
        <LegalIdentityForm identity={data.identity} />
      </Section>
    </main>
  );
}
