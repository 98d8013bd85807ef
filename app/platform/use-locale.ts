import { useTranslation } from '~/platform/translation';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#contract/locale';

/** The language the page is shown in. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
