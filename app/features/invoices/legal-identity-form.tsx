import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { updateLegalIdentity, ZLegalIdentityForm, type TLegalIdentity } from '#contract/invoices';
import { INVOICED_SALES, VAT_REGIMES } from '#contract/invoices.plain';
import { MAX_PRENOTIFICATION_DAYS, MIN_PRENOTIFICATION_DAYS } from '#contract/sepa.plain';
import { basisPointsOfPercent, centsOfEuros, decimalInputOf } from '#contract/money';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { Checkbox, choicesOf, Input, Select } from '~/ui/field';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';

const TEXT_FIELDS = [
  'legalName',
  'legalForm',
  'addressLine',
  'postcode',
  'city',
  'country',
  'siren',
  'siret',
  'rcsCity',
  'vatNumber',
  'iban',
  'bic',
  'sepaCreditorId',
] as const;

/** The space's legal identity and invoicing mandate (validated as the server validates it). */
export function LegalIdentityForm({ identity }: { identity: TLegalIdentity }) {
  const { t } = useTranslation(['invoices', 'common', 'auth']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'invoices' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const capital = text('shareCapital');
    const identityForm = form.check(ZLegalIdentityForm, {
      ...Object.fromEntries(
        TEXT_FIELDS.map((name) => [name, name === 'country' ? text(name).toUpperCase() : text(name)]),
      ),
      iban: text('iban').replace(/\s+/g, '').toUpperCase(),
      bic: text('bic').toUpperCase(),
      vatNumber: text('vatNumber').replace(/\s+/g, '').toUpperCase(),
      shareCapitalCents: centsOfEuros(capital),
      vatRegime: text('vatRegime'),
      vatOnDebits: data.get('vatOnDebits') === 'on',
      paymentDueDays: Number(text('paymentDueDays')),
      latePaymentRateBasisPoints: basisPointsOfPercent(text('latePaymentRate')) ?? Number.NaN,
      invoicedSales: text('invoicedSales'),
      mandateAccepted: data.get('mandateAccepted') === 'on',
      sepaPrenotificationDays: Number(text('sepaPrenotificationDays')),
      sepaRecollectReturned: data.get('sepaRecollectReturned') === 'on',
    });
    if (!identityForm) return;
    const saved = await form.run(
      () => call(updateLegalIdentity, { spaceId: identity.spaceId, ...identityForm }),
      t('invoices:manage.identitySaved'),
    );
    if (saved) void revalidate();
  }

  const error = form.errorOf;
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" noValidate>
      {TEXT_FIELDS.map((name) => (
        <Input
          key={name}
          name={name}
          label={t(`invoices:manage.${name}`)}
          defaultValue={identity[name]}
          error={error(name)}
          autoComplete="off"
        />
      ))}
      <Input
        name="shareCapital"
        label={t('invoices:manage.shareCapital')}
        inputMode="decimal"
        defaultValue={
          identity.shareCapitalCents === null ? '' : decimalInputOf(identity.shareCapitalCents, locale)
        }
        error={error('shareCapitalCents')}
      />
      <Select
        name="vatRegime"
        label={t('invoices:manage.vatRegime')}
        defaultValue={identity.vatRegime}
        choices={choicesOf(VAT_REGIMES, (regime) => t(`invoices:manage.vatRegimes.${regime}`))}
      />
      <Input
        name="paymentDueDays"
        type="number"
        min={0}
        max={60}
        label={t('invoices:manage.paymentDueDays')}
        defaultValue={identity.paymentDueDays}
        error={error('paymentDueDays')}
      />
      <Input
        name="latePaymentRate"
        inputMode="decimal"
        label={t('invoices:manage.latePaymentRate')}
        defaultValue={decimalInputOf(identity.latePaymentRateBasisPoints, locale)}
        error={error('latePaymentRateBasisPoints')}
      />
      <Select
        name="invoicedSales"
        label={t('invoices:manage.invoicedSales')}
        defaultValue={identity.invoicedSales}
        choices={choicesOf(INVOICED_SALES, (sales) => t(`invoices:manage.invoicedSalesOptions.${sales}`))}
      />
      <Input
        name="sepaPrenotificationDays"
        type="number"
        min={MIN_PRENOTIFICATION_DAYS}
        max={MAX_PRENOTIFICATION_DAYS}
        label={t('invoices:manage.sepaPrenotificationDays')}
        defaultValue={identity.sepaPrenotificationDays}
        error={error('sepaPrenotificationDays')}
      />
      <Checkbox
        name="sepaRecollectReturned"
        label={t('invoices:manage.sepaRecollectReturned')}
        defaultChecked={identity.sepaRecollectReturned}
        className="sm:col-span-2"
      />
      <Checkbox
        name="vatOnDebits"
        label={t('invoices:manage.vatOnDebits')}
        defaultChecked={identity.vatOnDebits}
        className="sm:col-span-2"
      />
      <Checkbox
        name="mandateAccepted"
        label={t('invoices:manage.mandate')}
        defaultChecked={identity.mandateAccepted}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.pending}>
          {t('invoices:manage.saveIdentity')}
        </Button>
      </div>
    </form>
  );
}
