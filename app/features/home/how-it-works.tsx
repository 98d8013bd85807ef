import { CalendarCheck, Search, Sparkles } from 'lucide-react';
import { useTranslation } from '~/platform/translation';

const STEPS = [
  { icon: Search, key: 'find' },
  { icon: CalendarCheck, key: 'book' },
  { icon: Sparkles, key: 'work' },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="how-it-works" className="text-2xl font-semibold">
        {t('home.howItWorks.title')}
      </h2>
      <ol className="mt-6 grid gap-6 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, key }, index) => (
          <li key={key} className="border-line rounded-2xl border p-6">
            <Icon aria-hidden className="text-primary-ink size-8" />
            <h3 className="mt-3 text-lg font-semibold">
              <span className="sr-only">{index + 1}. </span>
              {t(`home.howItWorks.${key}.title`)}
            </h3>
            <p className="text-ink-soft mt-2">{t(`home.howItWorks.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
