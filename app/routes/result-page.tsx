import { lazy, Suspense } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TPlan } from '#contract/formulas';
import type { TReservation } from '#contract/reservations';
import { loginPath } from '~/platform/auth-paths';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Outcome } from './result-outcome';

const SignedInOutcome = lazy(() => import('./result-signed-in'));

export type ResultData =
  | { kind: 'reservation'; reservation: TReservation }
  | { kind: 'purchase'; plan: TPlan }
  | { kind: 'failure'; reason: string; roomId: string | null }
  | { kind: 'signin'; redirect: string };

/** `/result`: the outcome of a booking — success (summary, calendar, what's next) or failure (why, what to do). */
export function ResultPage({ result }: { result: ResultData }) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      {result.kind === 'reservation' || result.kind === 'purchase' ? (
        <Suspense>
          <SignedInOutcome result={result} />
        </Suspense>
      ) : result.kind === 'signin' ? (
        <div className="flex flex-col gap-6">
          <Outcome tone="waiting" title={t('result.title.signin')}>
            {t('result.lead.signin')}
          </Outcome>
          <Link to={loginPath(result.redirect)} className={cn(buttonClass('primary'), 'self-start')}>
            {t('result.signIn')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <Outcome tone="failure" title={t('result.title.failure')}>
            {t(`result.why.${result.reason}`, { defaultValue: t('result.why.unknown') })}
          </Outcome>
          <section aria-labelledby="todo-title">
            <h2 id="todo-title" className="mb-2 text-xl font-semibold">
              {t('result.whatToDo')}
            </h2>
            <p>{t(`result.todo.${result.reason}`, { defaultValue: t('result.todo.unknown') })}</p>
          </section>
          <div className="flex flex-wrap gap-3">
            {result.roomId ? (
              <Link to={`/rooms/${result.roomId}`} className={buttonClass('primary')}>
                {t('result.backToRoom')}
              </Link>
            ) : null}
            <Link to="/reservations" className={buttonClass('outline')}>
              {t('result.myReservations')}
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}
