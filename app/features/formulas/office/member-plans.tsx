import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  adjustCredits,
  formulaName,
  markOrderPaid,
  MAX_ADJUSTMENT_REASON,
  type TLot,
  type TMemberPlan,
} from '#contract/formulas';
import { formatMoney } from '#contract/money';
import { formatDay, formatLastDay } from '#contract/reservation-format';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { useValidityWords } from '../validity-words';

/** A manager adds or takes credit on a lot: an amount (hours or entries, signed) and a reason, both required. */
function AdjustLot({ lot, label }: { lot: TLot; label: string }) {
  const { t } = useTranslation(['formulas', 'backoffice']);
  const adjust = useOperation(adjustCredits, { success: t('formulas:office.plans.adjusted') });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${t('formulas:office.plans.adjust')}, ${label}`}
      >
        {t('formulas:office.plans.adjust')}
      </Button>
    );
  const typed = Number(amount.trim().replace(',', '.'));
  return (
    <form
      noValidate
      className="bg-muted mt-2 flex w-full flex-col gap-3 rounded-lg p-3"
      aria-label={`${t('formulas:office.plans.adjust')}, ${label}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const value = amount.trim() ? (lot.unit === 'minutes' ? Math.round(typed * 60) : typed) : Number.NaN;
        if (await adjust.run({ lotId: lot.id, amount: value, reason })) {
          setOpen(false);
          setAmount('');
          setReason('');
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Input
          label={t(
            lot.unit === 'minutes'
              ? 'formulas:office.plans.amountHours'
              : 'formulas:office.plans.amountEntries',
          )}
          hint={t('formulas:office.plans.amountHint')}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={adjust.errorOf('amount')}
        />
        <Input
          label={t('formulas:office.plans.reason')}
          hint={t('formulas:office.plans.reasonHint')}
          maxLength={MAX_ADJUSTMENT_REASON}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={adjust.errorOf('reason')}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={adjust.pending}>
          {adjust.pending ? t('backoffice:saving') : t('formulas:office.plans.adjustConfirm')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('backoffice:cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The plans members hold in the space: their orders (mark one paid) and their lots (adjust with a reason). */
export function MemberPlans({ plans }: { plans: TMemberPlan[] }) {
  const { t } = useTranslation(['formulas', 'backoffice']);
  const locale = useLocale();
  const validity = useValidityWords();
  const markPaid = useOperation(markOrderPaid, { success: t('formulas:office.plans.markedPaid') });
  return (
    <Section
      title={t('formulas:office.plans.title')}
      hint={t('formulas:office.plans.hint')}
      id="member-plans-title"
    >
      {plans.length === 0 ? <p className="text-ink-soft">{t('formulas:office.plans.none')}</p> : null}
      <ul className="flex flex-col gap-3">
        {plans.map((plan) => {
          const zone = plan.space.timeZone;
          const name = formulaName(plan.formula, locale);
          const who = `${plan.member.name || plan.member.email}`;
          return (
            <li key={plan.id} className="border-line rounded-xl border p-4" data-testid="member-plan">
              <h3 className="font-semibold">
                {who} · {name}
              </h3>
              <p className="text-ink-soft text-sm">
                {plan.member.email} · {t(`formulas:plans.status.${plan.status}`)}
                {plan.periodEndsAt ? ` · ${validity.period(plan, zone)}` : ''}
              </p>
              {plan.pauses.map((pause) => (
                <p key={pause.id} className="bg-muted mt-2 rounded-lg p-2 text-sm" data-testid="member-pause">
                  {t(`formulas:pause.state.${pause.state}`, {
                    from: formatDay(locale, pause.startsAt, zone),
                    to: formatLastDay(locale, pause.endsAt, zone),
                    count: pause.days,
                  })}
                </p>
              ))}
              {plan.orders.length ? (
                <ul className="mt-2 flex flex-col gap-2 text-sm" aria-label={t('formulas:plans.orders')}>
                  {plan.orders.map((order) => (
                    <li key={order.id} className="flex flex-wrap items-center gap-2">
                      <span>
                        {t('formulas:plans.order', {
                          date: formatDay(locale, order.createdAt, zone),
                          total: formatMoney(order.totalCents, locale),
                          status: t(`formulas:plans.orderStatus.${order.status}`),
                        })}{' '}
                        · {t(`formulas:payment.${order.paymentMethod}`)}
                      </span>
                      {order.status === 'awaiting_payment' ? (
                        <Button
                          size="sm"
                          disabled={markPaid.pending}
                          onClick={() => void markPaid.run({ orderId: order.id })}
                          aria-label={`${t('formulas:office.plans.markPaid')}, ${who}, ${name}, ${formatMoney(order.totalCents, locale)}`}
                        >
                          {t('formulas:office.plans.markPaid')}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
              {plan.lots.length ? (
                <ul className="mt-2 flex flex-col gap-2 text-sm" aria-label={t('formulas:plans.lots')}>
                  {plan.lots.map((lot) => {
                    const line = validity.lotLine(lot, zone);
                    return (
                      <li key={lot.id}>
                        <div className="flex flex-wrap items-center gap-2">
                          <span>
                            {validity.lotName(lot, plan.formula.kind)} · {line}
                          </span>
                          <AdjustLot lot={lot} label={`${who}, ${name}, ${line}`} />
                        </div>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
