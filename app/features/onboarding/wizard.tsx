import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { cn } from '~/ui/cn';

export const WIZARD_STEPS = [
  'identity',
  'address',
  'hours',
  'rooms',
  'photos',
  'branding',
  'publish',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * The frame of /start for someone opening a space: where they are among the steps (each saved as it is
 * left), and the current step's form. Steps already reachable are links.
 */
export function Wizard({
  step,
  spaceId,
  spaceName,
  children,
}: {
  step: WizardStep;
  spaceId: string | null;
  spaceName: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const index = WIZARD_STEPS.indexOf(step);
  const name = (s: WizardStep) => t(`wizard.steps_names.${s}`);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-ink-soft text-sm">{spaceName ?? t('wizard.title')}</p>
      <h1 className="mb-4 text-3xl font-bold tracking-tight">{name(step)}</h1>
      <p className="sr-only" aria-live="polite">
        {t('wizard.progress', { step: index + 1, count: WIZARD_STEPS.length, name: name(step) })}
      </p>
      <nav aria-label={t('wizard.steps')} className="mb-6">
        <ol className="flex flex-wrap gap-x-4 gap-y-2">
          {WIZARD_STEPS.map((s, i) => {
            const done = i < index;
            const label = (
              <>
                <span
                  aria-hidden
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    i === index
                      ? 'bg-primary text-on-primary'
                      : done
                        ? 'bg-success text-white'
                        : 'bg-muted text-ink',
                  )}
                >
                  {done ? <Check className="size-4" /> : i + 1}
                </span>
                <span className="whitespace-nowrap">{name(s)}</span>
              </>
            );
            return (
              <li
                key={s}
                className="flex items-center gap-2 text-sm"
                aria-current={i === index ? 'step' : undefined}
              >
                {spaceId && i !== index ? (
                  <Link
                    to={`/start?space=${spaceId}&step=${s}`}
                    className="flex items-center gap-2 rounded hover:underline"
                  >
                    {label}
                  </Link>
                ) : (
                  <span className={cn('flex items-center gap-2', i === index && 'font-semibold')}>
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {children}
    </main>
  );
}
