import { Ticket } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import { eventPath, eventTitleIn } from '#contract/events.plain';
import type { TLedgerLine, TPlan } from '#contract/formulas';
import { formulaName, myPlanCalls } from '#contract/formulas.plain';
import { formatMoney } from '#contract/money';
import { formatDay, formatLastDay, formatSlot } from '#contract/reservation-format';
import { Button } from '~/ui/button';
import { Dialog, DialogClose } from '~/ui/dialog';
import { EmptyState } from '~/ui/empty-state';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { useFormatCredit } from '~/platform/use-format-credit';
import { FormulaTerms } from './formula-terms';
import { PauseLine, PauseMembership } from './pause-membership';
import { useValidityWords } from './validity-words';

export interface PlansPageData {
  plans: TPlan[];
  balance: { minutes: number; entries: number };
  ledger: { lines: TLedgerLine[]; nextCursor: string | null };
}

/** Cancelling a membership: the button, then one confirmation (two clicks; L215-1-1 asks for at most three). */
function CancelMembership({ plan }: { plan: TPlan }) {
  const { t } = useTranslation(['formulas', 'common']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'formulas', fields: false });
  const [open, setOpen] = useState(false);
  const name = formulaName(plan.formula, locale);
  async function confirm() {
    const cancelled = await form.run(
      () => call(myPlanCalls.cancel, { planId: plan.id }),
      t('formulas:plans.cancelled'),
    );
    if (!cancelled) return;
    setOpen(false);
    void revalidate();
  }
  const date = plan.periodEndsAt ? formatLastDay(locale, plan.periodEndsAt, plan.space.timeZone) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="outline">{t('formulas:plans.cancel')}</Button>}
      title={t('formulas:plans.cancelTitle', { formula: name })}
      description={t('formulas:plans.cancelBody', { date })}
    >
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t('formulas:plans.keep')}</Button>
        </DialogClose>
        <Button variant="danger" disabled={form.pending} onClick={() => void confirm()}>
          {t('formulas:plans.cancelConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}

function PlanCard({ plan }: { plan: TPlan }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  const zone = plan.space.timeZone;
  const day = (iso: string) => formatDay(locale, iso, zone);
  const validity = useValidityWords();
  return (
    <article className="space-y-3 rounded-lg border p-4" aria-labelledby={`plan-${plan.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`plan-${plan.id}`} className="text-lg font-semibold">
            <Link className="underline" to={`/formulas/${plan.formula.id}`}>
              {formulaName(plan.formula, locale)}
            </Link>
          </h2>
          <p className="text-ink-soft text-sm">
            {plan.space.name} · {t(`plans.status.${plan.status}`)}
          </p>
          {plan.periodStartsAt && plan.periodEndsAt && (
            <p className="text-sm" data-testid="plan-validity">
              {validity.period(plan, zone)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {plan.formula.kind === 'membership' &&
            plan.status === 'active' &&
            plan.pausePolicy.allowed &&
            !plan.pauses.some((pause) => pause.state !== 'ended') && <PauseMembership plan={plan} />}
          {plan.formula.kind === 'membership' &&
            (plan.status === 'active' || plan.status === 'suspended') && <CancelMembership plan={plan} />}
        </div>
      </header>
      {plan.pauses.map((pause) => (
        <PauseLine key={pause.id} plan={plan} pause={pause} />
      ))}
      <FormulaTerms formula={plan.formula} />
      {plan.lots.length > 0 && (
        <section>
          <h3 className="font-medium">{t('plans.lots')}</h3>
          <ul className="text-sm">
            {plan.lots.map((lot) => (
              <li key={lot.id} data-testid="lot">
                {validity.lotName(lot, plan.formula.kind)} · {validity.lotLine(lot, zone)}
                {!lot.usable && lot.balance > 0
                  ? ` (${t(plan.status === 'suspended' ? 'plans.frozen' : 'plans.expired')})`
                  : ''}
              </li>
            ))}
          </ul>
          {plan.periodIndex > 0 && <p className="text-ink-soft text-sm">{t('plans.olderLots')}</p>}
        </section>
      )}
      {plan.orders.length > 0 && (
        <section>
          <h3 className="font-medium">{t('plans.orders')}</h3>
          <ul className="text-sm">
            {plan.orders.map((order) => (
              <li key={order.id}>
                {t('plans.order', {
                  date: day(order.createdAt),
                  total: formatMoney(order.totalCents, locale),
                  status: t(`plans.orderStatus.${order.status}`),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** The ledger's columns, amounts to the right. */
const COLUMNS = [
  { name: 'date', className: 'py-1 pr-3' },
  { name: 'what', className: 'py-1 pr-3' },
  { name: 'amount', className: 'py-1 pr-3 text-right' },
  { name: 'balance', className: 'py-1 text-right' },
] as const;

function Ledger({ ledger }: { ledger: PlansPageData['ledger'] }) {
  const { t } = useTranslation('formulas');
  const locale = useLocale();
  const credit = useFormatCredit();
  if (!ledger.lines.length) return <p>{t('plans.ledgerEmpty')}</p>;
  // Words every line repeats are looked up once: a page is up to 50 lines, and each lookup costs.
  const columns = {
    date: t('plans.columns.date'),
    what: t('plans.columns.what'),
    amount: t('plans.columns.amount'),
    balance: t('plans.columns.balance'),
  };
  const entryWords = new Map<string, string>();
  const entryWord = (line: TLedgerLine) => {
    // An event's place has its own words for its debit and refund (not "booking").
    const key =
      line.event && (line.kind === 'debit' || line.kind === 'refund')
        ? `plans.eventEntry.${line.kind}`
        : `plans.entry.${line.kind}`;
    if (!entryWords.has(key)) entryWords.set(key, t(key));
    return entryWords.get(key)!;
  };
  return (
    <>
      {/* On a phone each line is a card (the column names written in it); from `sm` up, a table. */}
      <div>
        <table className="block w-full text-left text-sm sm:table">
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.name} scope="col" className={column.className}>
                  {columns[column.name]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {ledger.lines.map((line) => {
              const zone = line.timeZone;
              return (
                <tr
                  key={line.id}
                  className="mb-2 grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-3 sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:p-0"
                  data-testid="ledger-line"
                >
                  <td className="text-ink-soft col-span-2 py-1 pr-3 sm:whitespace-nowrap sm:text-inherit">
                    {formatDay(locale, line.occurredAt, zone)}
                  </td>
                  <td className="col-span-2 py-1 pr-3 break-words">
                    {entryWord(line)}
                    {line.reservation && (
                      <>
                        {' · '}
                        <Link className="underline" to={`/result?reservation=${line.reservation.id}`}>
                          {t('plans.booking', {
                            room: line.reservation.roomName,
                            slot: formatSlot(
                              locale,
                              line.reservation.startsAt,
                              line.reservation.endsAt,
                              zone,
                            ),
                          })}
                        </Link>
                      </>
                    )}
                    {line.event && (
                      <>
                        {' · '}
                        <Link className="underline" to={eventPath(line.event.id)}>
                          {t('plans.event', {
                            title: eventTitleIn(line.event, locale),
                            slot: formatSlot(locale, line.event.startsAt, line.event.endsAt, zone),
                          })}
                        </Link>
                      </>
                    )}
                    {line.reason && ` · ${line.reason}`}
                    {/* The formula the credit belongs to; a grant says until when it may be used. */}
                    {` · ${formulaName(line.formula, locale)}`}
                    {line.kind === 'grant' &&
                      ` · ${t('plans.grantValidity', { date: formatLastDay(locale, line.lotValidUntil, zone) })}`}
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap sm:text-right">
                    <span className="text-ink-soft sm:hidden">{columns.amount} </span>
                    {line.amount > 0 ? '+' : ''}
                    {credit(line.amount, line.unit)}
                  </td>
                  <td className="py-1 text-right whitespace-nowrap">
                    <span className="text-ink-soft sm:hidden">{columns.balance} </span>
                    {credit(line.balanceAfter, line.unit)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {ledger.nextCursor && (
        <Link className="underline" to={`/plans?cursor=${encodeURIComponent(ledger.nextCursor)}`}>
          {t('plans.more')}
        </Link>
      )}
    </>
  );
}

/** `/plans`: what I hold, what is left and why (the ledger line by line); `children`: panels the route adds. */
export function PlansPage({ data, children }: { data: PlansPageData; children?: ReactNode }) {
  const { t } = useTranslation('formulas');
  const credit = useFormatCredit();
  const totals = [
    data.balance.minutes > 0 || data.balance.entries === 0 ? credit(data.balance.minutes, 'minutes') : null,
    data.balance.entries > 0 ? credit(data.balance.entries, 'entries') : null,
  ].filter(Boolean);
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold">{t('plans.title')}</h1>
        <p className="text-ink-soft">{t('plans.intro')}</p>
        <p className="text-lg" data-testid="total-balance">
          {t('plans.total')} <strong>{totals.join(' · ')}</strong>
        </p>
      </header>
      {data.plans.length === 0 ? (
        <EmptyState icon={Ticket} title={t('plans.empty')} />
      ) : (
        data.plans.map((plan) => <PlanCard key={plan.id} plan={plan} />)
      )}
      {children}
      <section className="space-y-2" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="text-xl font-semibold">
          {t('plans.ledger')}
        </h2>
        <p className="text-ink-soft text-sm">{t('plans.ledgerIntro')}</p>
        <Ledger ledger={data.ledger} />
      </section>
    </main>
  );
}
