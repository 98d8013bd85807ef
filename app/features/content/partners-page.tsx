import { Building2, ExternalLink, Handshake, Landmark, Network, type LucideIcon } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import type { PartnerIcon, TPublicPartner } from '#contract/site-content';
import { MarkdownBody } from '~/ui/markdown-body';
import { ContentPage, PageSection } from './content-page';
import { RichText } from './rich-text';

const ICONS: Record<PartnerIcon, LucideIcon> = {
  network: Network,
  landmark: Landmark,
  building: Building2,
  handshake: Handshake,
};

const STEPS = ['step1', 'step2', 'step3'];

export function PartnersPage({ partners }: { partners: TPublicPartner[] }) {
  const { t } = useTranslation('content');
  return (
    <ContentPage title={t('partners.title')} lead={t('partners.lead')} wide>
      <h2 id="kinds" className="text-2xl font-semibold tracking-tight">
        {t('partners.kindsTitle')}
      </h2>
      <ul className="mt-6 grid gap-6 lg:grid-cols-3">
        {partners.map((partner) => {
          const Icon = ICONS[partner.icon];
          return (
            <li key={partner.id} className="border-line flex flex-col rounded-2xl border p-6">
              <Icon aria-hidden className="text-primary-ink size-8" />
              <h3 className="mt-3 text-xl font-semibold">{partner.name}</h3>
              <MarkdownBody html={partner.bodyHtml} bullets="dot" className="[&_p]:text-ink-soft mt-2" />
              {partner.websiteUrl ? (
                <a
                  href={partner.websiteUrl}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-primary-ink mt-4 inline-flex items-center gap-1 underline underline-offset-2 hover:no-underline"
                >
                  {t('partners.website', { name: partner.name })}
                  <ExternalLink aria-hidden className="size-4" />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>

      <PageSection id="become" band className="mt-12" title={t('partners.become.title')}>
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
      </PageSection>
    </ContentPage>
  );
}
