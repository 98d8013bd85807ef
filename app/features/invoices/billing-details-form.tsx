import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { updateBillingDetails, ZBillingDetailsInput, type TBillingDetailsForm } from '#contract/invoices';
import { CONSUMER_ADDRESS_THRESHOLD_CENTS } from '#contract/invoices.plain';
import { formatMoney } from '#contract/money';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';

const FIELDS = [
  'name',
  'addressLine',
  'postcode',
  'city',
  'country',
  'businessName',
  'siren',
  'vatNumber',
] as const;

/** What a member wants on their invoices (/profile#billing); copied onto each invoice when issued. */
export function BillingDetailsForm({ details }: { details: TBillingDetailsForm }) {
  const { t } = useTranslation(['invoices', 'common', 'auth']);
  const locale = useLocale();
  const form = useForm({ namespace: 'invoices' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const details = form.check(ZBillingDetailsInput, {
      ...Object.fromEntries(FIELDS.map((name) => [name, text(name)])),
      country: text('country').toUpperCase(),
      vatNumber: text('vatNumber').replace(/\s+/g, '').toUpperCase(),
      siren: text('siren').replace(/\s+/g, ''),
    });
    if (details) await form.run(() => call(updateBillingDetails, details), t('invoices:billing.saved'));
  }
  return (
    <section
      id="billing"
      aria-labelledby="billing-title"
      className="border-line rounded-2xl border p-5 sm:p-6"
    >
      <h2 id="billing-title" className="text-xl font-semibold">
        {t('invoices:billing.title')}
      </h2>
      <p className="text-ink-soft mt-1 text-sm">
        {t('invoices:billing.lead', { threshold: formatMoney(CONSUMER_ADDRESS_THRESHOLD_CENTS, locale) })}
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        {FIELDS.map((name) => (
          <Input
            key={name}
            name={name}
            label={t(`invoices:billing.${name}`)}
            defaultValue={details[name]}
            error={form.errorOf(name)}
          />
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.pending}>
            {t('invoices:billing.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
