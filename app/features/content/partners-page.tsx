import { Building2, Landmark, Network, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContentPage } from './content-page';
import { RichText } from './rich-text';

const PARTNER_KINDS: Array<{ id: string; icon: LucideIcon; benefits: string[] }> = [
  { id: 'networks', icon: Network, benefits: ['b1', 'b2', 'b3'] },
  { id: 'authorities', icon: Landmark, benefits: ['b1', 'b2', 'b3'] },
  { id: 'companies', icon: Building2, benefits: ['b1', 'b2', 'b3'] },
];

const STEPS = ['step1', 'step2', 'step3'];

export function PartnersPage() {
  const { t } = useTranslation('content');
  return (
    <ContentPage title={t('partners.title')} lead={t('partners.lead')} wide>
      <h2 id="kinds" className="text-2xl font-semibold tracking-tight">
        {t('partners.kindsTitle')}
      </h2>
      <ul className="mt-6 grid gap-6 lg:grid-cols-3">
        {PARTNER_KINDS.map(({ id, icon: Icon, benefits }) => (
          <li key={id} className="border-line flex flex-col rounded-2xl border p-6">
            <Icon aria-hidden className="text-primary-ink size-8" />
            <h3 className="mt-3 text-xl font-semibold">{t(`partners.kinds.${id}.title`)}</h3>
            <p className="text-ink-soft mt-2 leading-7">{t(`partners.kinds.${id}.text`)}</p>
            <ul className="mt-4 space-y-2">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <span aria-hidden className="bg-secondary mt-2.5 size-1.5 shrink-0 rounded-full" />
                  <span>{t(`partners.kinds.${id}.${benefit}`)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      <section aria-labelledby="become" className="bg-muted mt-12 rounded-2xl p-6 sm:p-10">
        <h2 id="become" className="text-2xl font-semibold tracking-tight">
          {t('partners.become.title')}
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span
                aria-hidden
                className="bg-primary text-on-primary flex size-9 shrink-0 items-center justify-center rounded-full font-semibold"
              >
                {index + 1}
              </span>
              <p className="leading-7">
                <span className="sr-only">{index + 1}. </span>
                <RichText i18nKey={`partners.become.${step}`} />
              </p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-prose leading-7">
          <RichText i18nKey="partners.become.singleSpace" />
        </p>
      </section>
    </ContentPage>
  );
}
