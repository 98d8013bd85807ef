import { Languages } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { useFetcher, useLocation } from 'react-router';
import { LOCALES } from '#contract/locale';
import { useRootData } from '~/platform/root-data';
import { clsx } from 'clsx';

/** Posts the chosen language to /locale, which stores it in the `lang` cookie; works without JavaScript too. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const current = useRootData()?.locale;
  return (
    <fetcher.Form method="post" action="/locale" className="flex items-center gap-1">
      <Languages aria-hidden className="text-ink-soft size-4" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <span className="sr-only">{t('layout.language')}</span>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="lang"
          value={locale}
          lang={locale}
          aria-pressed={current === locale}
          className={clsx(
            'rounded px-2 py-1 text-sm',
            current === locale ? 'bg-primary text-on-primary' : 'text-ink hover:bg-muted',
          )}
        >
          {/* The name starts with what is shown, "FR" (WCAG 2.5.3), and says the language in full. */}
          {locale.toUpperCase()}
          <span className="sr-only"> {t(`layout.languages.${locale}`)}</span>
        </button>
      ))}
    </fetcher.Form>
  );
}
