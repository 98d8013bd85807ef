import { Check } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { formatMoney, formatVatRate } from '#contract/money';
import { Link } from 'react-router';
import { signupPath } from '~/platform/auth-paths';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { ContentPage, PageSection } from './content-page';
import {
  ANNUAL_MONTHS_BILLED,
  inclVatOfPlan,
  INCLUDED_EVERYWHERE,
  PLANS,
  VAT_RATE_BASIS_POINTS,
  yearlyCentsExclVat,
  type Plan,
} from './pricing-plans';
import { RichText } from './rich-text';

function useEuros() {
  const locale = useLocale();
  return (cents: number) => formatMoney(cents, locale);
}

/** Each plan shows what it adds to the cheaper one before it, so the cards stay short. */
function PlanCard({ plan, previous }: { plan: Plan; previous: Plan | undefined }) {
  const { t } = useTranslation('content');
  const euros = useEuros();
  const titleId = `plan-${plan.id}`;
  return (
    <li
      className={cn(
        'bg-surface relative flex flex-col rounded-2xl p-6',
        plan.recommended ? 'border-primary border-2 shadow-lg' : 'border-line border',
      )}
    >
      {plan.recommended ? (
        <p className="bg-primary text-on-primary absolute -top-3 left-6 rounded-full px-3 py-0.5 text-sm font-medium">
          {t('pricing.recommended')}
        </p>
      ) : null}
      <h3 id={titleId} className="text-xl font-semibold">
        {t(`pricing.plans.${plan.id}.name`)}
      </h3>
      <p className="text-ink-soft mt-1">{t(`pricing.plans.${plan.id}.tagline`)}</p>
      <p className="mt-6">
        <span className="text-4xl font-bold tracking-tight">{euros(plan.monthlyCentsExclVat)}</span>{' '}
        <span className="text-ink-soft">{t('pricing.perMonthExclVat')}</span>
      </p>
      <p className="text-ink-soft mt-1 text-sm">
        {t('pricing.inclVat', { price: euros(inclVatOfPlan(plan.monthlyCentsExclVat)) })}
        <br />
        {t('pricing.yearly', {
          price: euros(yearlyCentsExclVat(plan)),
          priceInclVat: euros(inclVatOfPlan(yearlyCentsExclVat(plan))),
        })}
      </p>
      <ul className="mt-6 space-y-2">
        <li className="flex gap-2 font-medium">
          <Check aria-hidden className="text-success mt-0.5 size-5 shrink-0" />
          {t('pricing.spaces', { count: plan.spaces })}
          {plan.extraSpaceCentsExclVat !== null
            ? ` ${t('pricing.extraSpace', { price: euros(plan.extraSpaceCentsExclVat) })}`
            : ''}
        </li>
        <li className="flex gap-2 font-medium">
          <Check aria-hidden className="text-success mt-0.5 size-5 shrink-0" />
          {plan.bookableUnits === null
            ? t('pricing.unlimitedUnits')
            : t('pricing.bookableUnits', { count: plan.bookableUnits })}
        </li>
      </ul>
      {previous ? (
        <p className="mt-4 font-semibold">
          {t('pricing.everythingIn', { plan: t(`pricing.plans.${previous.id}.name`) })}
        </p>
      ) : null}
      <ul className="mt-2 mb-8 space-y-2">
        {plan.features
          .filter((feature) => !previous?.features.includes(feature))
          .map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden className="text-success mt-0.5 size-5 shrink-0" />
              {t(`pricing.features.${feature}`)}
            </li>
          ))}
      </ul>
      <Link
        to={signupPath()}
        className={cn(buttonClass(plan.recommended ? 'primary' : 'outline'), 'mt-auto w-full')}
        aria-describedby={titleId}
      >
        {t('pricing.cta')}
      </Link>
    </li>
  );
}

export function PricingPage() {
  const { t } = useTranslation('content');
  const locale = useLocale();
  return (
    <ContentPage title={t('pricing.title')} lead={t('pricing.lead')} wide>
      <h2 className="sr-only">{t('pricing.plansTitle')}</h2>
      <ul className="grid gap-8 pt-3 lg:grid-cols-3">
        {PLANS.map((plan, index) => (
          <PlanCard key={plan.id} plan={plan} previous={PLANS[index - 1]} />
        ))}
      </ul>
      <p className="text-ink-soft mt-6 text-sm">
        {t('pricing.vatNote', {
          rate: formatVatRate(VAT_RATE_BASIS_POINTS, locale),
          months: ANNUAL_MONTHS_BILLED,
        })}
      </p>

      <PageSection id="included" band className="mt-12" title={t('pricing.includedTitle')}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {INCLUDED_EVERYWHERE.map((item) => (
            <li key={item}>
              <p className="font-semibold">{t(`pricing.included.${item}.title`)}</p>
              <p className="text-ink-soft mt-1 leading-7">{t(`pricing.included.${item}.text`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="next" className="mt-12 max-w-prose" title={t('pricing.nextTitle')}>
        <p className="mt-4 leading-7">
          <RichText i18nKey="pricing.nextText" />
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/software" className={buttonClass('outline')}>
            {t('pricing.seeSoftware')}
          </Link>
          <Link to={signupPath()} className={buttonClass('primary')}>
            {t('pricing.cta')}
          </Link>
        </div>
      </PageSection>
    </ContentPage>
  );
}
