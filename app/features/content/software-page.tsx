import {
  BarChart3,
  CalendarDays,
  Clock,
  DoorOpen,
  FileText,
  Palette,
  Ticket,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { signupPath } from '~/platform/auth-paths';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { ContentPage, PageSection } from './content-page';
import {
  BrandingIllustration,
  CommunityIllustration,
  DashboardIllustration,
  InvoiceIllustration,
  PlanningIllustration,
  StatisticsIllustration,
} from './software-illustrations';

/** The overview: one line per thing a manager runs with Escale. */
const FEATURES: Array<{ id: string; icon: LucideIcon }> = [
  { id: 'rooms', icon: DoorOpen },
  { id: 'hours', icon: Clock },
  { id: 'formulas', icon: Ticket },
  { id: 'events', icon: CalendarDays },
  { id: 'members', icon: Users },
  { id: 'documents', icon: FileText },
  { id: 'statistics', icon: BarChart3 },
  { id: 'branding', icon: Palette },
];

/** The details, each beside its drawing; `points` are keys under `software.details.<id>`. */
const DETAILS: Array<{ id: string; illustration: ComponentType<{ className?: string }>; points: string[] }> =
  [
    { id: 'planning', illustration: PlanningIllustration, points: ['p1', 'p2', 'p3', 'p4'] },
    { id: 'billing', illustration: InvoiceIllustration, points: ['p1', 'p2', 'p3', 'p4'] },
    { id: 'community', illustration: CommunityIllustration, points: ['p1', 'p2', 'p3', 'p4'] },
    { id: 'statistics', illustration: StatisticsIllustration, points: ['p1', 'p2', 'p3'] },
    { id: 'branding', illustration: BrandingIllustration, points: ['p1', 'p2', 'p3'] },
  ];

export function SoftwarePage() {
  const { t } = useTranslation('content');
  return (
    <ContentPage
      title={t('software.title')}
      lead={t('software.lead')}
      wide
      aside={<DashboardIllustration className="w-80 lg:w-96" />}
    >
      <h2 id="features" className="text-2xl font-semibold tracking-tight">
        {t('software.featuresTitle')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ id, icon: Icon }) => (
          <li key={id} className="border-line rounded-2xl border p-5">
            <Icon aria-hidden className="text-primary-ink size-7" />
            <h3 className="mt-3 font-semibold">{t(`software.features.${id}.title`)}</h3>
            <p className="text-ink-soft mt-1 text-sm leading-6">{t(`software.features.${id}.text`)}</p>
          </li>
        ))}
      </ul>

      {DETAILS.map(({ id, illustration: Illustration, points }, index) => (
        <section
          key={id}
          aria-labelledby={`detail-${id}`}
          className="mt-16 grid items-center gap-8 md:grid-cols-2 md:gap-12"
        >
          <div className={cn(index % 2 === 1 && 'md:order-last')}>
            <Illustration className="mx-auto w-full max-w-md" />
          </div>
          <div>
            <h2 id={`detail-${id}`} className="text-2xl font-semibold tracking-tight text-balance">
              {t(`software.details.${id}.title`)}
            </h2>
            <ul className="mt-4 space-y-3 leading-7">
              {points.map((point) => (
                <li key={point} className="flex gap-3">
                  <span aria-hidden className="bg-primary mt-2.5 size-2 shrink-0 rounded-full" />
                  <span>{t(`software.details.${id}.${point}`)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <PageSection id="software-next" band className="mt-16 text-center" title={t('software.nextTitle')}>
        <p className="text-ink-soft mx-auto mt-3 max-w-prose">{t('software.nextText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={buttonClass('outline')}>
            {t('software.seePricing')}
          </Link>
          <Link to={signupPath()} className={buttonClass('primary')}>
            {t('software.cta')}
          </Link>
        </div>
      </PageSection>
    </ContentPage>
  );
}
