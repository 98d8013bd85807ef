import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button';
import { Co2Calculator, type CalculatorState } from './co2-calculator';
import { EmissionFactorsTable } from './emission-factors-table';

export function Co2Page({ initial }: { initial: CalculatorState }) {
  const { t } = useTranslation('co2');
  return (
    <main id="main">
      <header className="from-muted to-surface border-line border-b bg-gradient-to-b">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('title')}</h1>
          <p className="text-ink-soft mt-4 max-w-2xl text-lg text-pretty">{t('lead')}</p>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        <Co2Calculator initial={initial} />

        <div className="mt-14 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="method" className="max-w-prose leading-7">
            <h2 id="method" className="text-2xl font-semibold tracking-tight">
              {t('method.title')}
            </h2>
            <p className="mt-4">{t('method.roundTrip')}</p>
            <p className="bg-muted mt-4 rounded-lg p-4 font-medium">{t('method.formula')}</p>
            <p className="mt-4">{t('method.weeks')}</p>
            <p className="mt-4">{t('method.carpool')}</p>
            <Link to="/" className={`${buttonClass('primary')} mt-6`}>
              {t('findSpace')}
            </Link>
          </section>
          <section aria-labelledby="factors">
            <h2 id="factors" className="text-2xl font-semibold tracking-tight">
              {t('factors.title')}
            </h2>
            <EmissionFactorsTable />
            <p className="text-ink-soft mt-4 text-sm leading-6">{t('factors.note')}</p>
          </section>
        </div>
      </div>
    </main>
  );
}
