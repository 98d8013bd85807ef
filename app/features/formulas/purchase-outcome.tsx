import { CircleCheck, Hourglass } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TPlan } from '#contract/formulas';
import { formulaName } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import { useRootData } from '~/platform/root-data';
import { useLocale } from '~/platform/use-locale';
import { buttonClass } from '~/ui/button';
import { FormulaTerms } from './formula-terms';
import { useValidityWords } from './validity-words';

/** `/result?plan=…`: what buying a formula gave — active now, or waiting for the space to record the payment. */
export function PurchaseOutcome({ plan }: { plan: TPlan }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  const email = useRootData()?.user?.email ?? '';
  const validity = useValidityWords();
  const order = plan.orders.find((candidate) => candidate.periodIndex === 0) ?? plan.orders.at(-1) ?? null;
  const waiting = plan.status === 'pending_payment';
  const Icon = waiting ? Hourglass : CircleCheck;
  const values = {
    formula: formulaName(plan.formula, locale),
    space: plan.space.name,
    total: order ? formatMoney(order.totalCents, locale) : '',
    method: order ? t(`payment.${order.paymentMethod}`).toLowerCase() : '',
  };
  return (
    <div className="flex flex-col gap-8">
      <header className="flex items-start gap-3">
        <Icon
          aria-hidden
          className={waiting ? 'mt-1 size-8 shrink-0 text-amber-700' : 'text-success mt-1 size-8 shrink-0'}
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            {t(waiting ? 'purchase.title.waiting' : 'purchase.title.active')}
          </h1>
          <p className="text-ink-soft mt-2 text-lg">
            {t(waiting ? 'purchase.lead.waiting' : 'purchase.lead.active', values)}
          </p>
        </div>
      </header>
      <section aria-labelledby="purchase-gives" className="border-line rounded-xl border p-4">
        <h2 id="purchase-gives" className="mb-2 text-xl font-semibold">
          {values.formula}
        </h2>
        {plan.periodEndsAt ? (
          <p className="mb-2 font-medium" data-testid="plan-validity">
            {validity.period(plan, plan.space.timeZone)}
          </p>
        ) : null}
        <FormulaTerms formula={plan.formula} />
        {order ? (
          <p className="mt-3 font-medium">
            {t('purchase.order', { total: values.total, method: values.method })}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="purchase-next" className="flex flex-col gap-2">
        <h2 id="purchase-next" className="text-xl font-semibold">
          {t('purchase.next')}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('purchase.email', { email })}</li>
          {waiting ? <li>{t('purchase.pay', values)}</li> : <li>{t('purchase.use')}</li>}
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <Link to="/plans" className={buttonClass('primary')}>
          {t('purchase.myPlans')}
        </Link>
        <Link to={`/spaces/${plan.space.slug}`} className={buttonClass('outline')}>
          {t('purchase.backToSpace', { space: plan.space.name })}
        </Link>
      </div>
    </div>
  );
}
