import { useTranslation } from '~/platform/translation';
import { ContentPage, proseClass } from './content-page';
import { ContentSections, useContentSections } from './content-sections';
import { RichText } from './rich-text';

export function AboutPage() {
  const { t } = useTranslation('content');
  const sections = useContentSections('about.sections');
  return (
    <ContentPage title={t('about.title')} lead={<RichText i18nKey="about.lead" />}>
      <div className={proseClass}>
        <ContentSections sections={sections} />
      </div>
    </ContentPage>
  );
}
