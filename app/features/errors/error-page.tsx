import { useTranslation } from '~/platform/translation';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/ui/button-class';
import { LostDeskIllustration } from './lost-desk-illustration';

export const PRODUCT_NAME = 'Escale';

/** The page shown whenever the app holds an error: 404 for what does not exist, the status otherwise. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = status === 404;
  const heading = t('errors.page.heading', { status });
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">
      <title>{`${PRODUCT_NAME} - ${heading}`}</title>
      <LostDeskIllustration className="w-64" />
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-lg">{notFound ? t('errors.page.notFoundText') : t('errors.page.errorText')}</p>
      {notFound ? (
        <p className="text-ink-soft text-sm">{t('errors.page.notFoundMessage', { path: pathname })}</p>
      ) : null}
      {/* After an unexpected error the home page is loaded afresh, in case this page's state is the cause. */}
      <Link to="/" reloadDocument={!notFound} className={buttonClass('primary')}>
        {t('errors.page.home')}
      </Link>
    </main>
  );
}
