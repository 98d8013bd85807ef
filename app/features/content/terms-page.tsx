import { useTranslation } from '~/platform/translation';
import { ContentPage, proseClass } from './content-page';
import { ContentSections, TableOfContents, useContentSections } from './content-sections';
import { LEGAL_ENTITY } from './legal-entity';

/** Terms of use, personal data and cookie policy: one page, one anchor per section (`#privacy`, `#cookies`). */
export function TermsPage() {
  const { t, i18n } = useTranslation('content');
  const sections = useContentSections('terms.sections');
  const updatedOn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(LEGAL_ENTITY.termsUpdatedOn),
  );
  return (
    <ContentPage title={t('terms.title')} lead={t('terms.lead')}>
      <p className="text-ink-soft text-sm">{t('terms.updatedOn', { date: updatedOn })}</p>
      <div className="mt-6">
        <TableOfContents sections={sections} label={t('onThisPage')} />
      </div>
      <div className={`${proseClass} mt-10`}>
        <ContentSections sections={sections} />
      </div>
    </ContentPage>
  );
}
