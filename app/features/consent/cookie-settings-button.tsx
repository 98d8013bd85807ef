import { useTranslation } from '~/platform/translation';
import { openConsentSettings } from './consent-store';

/** In the footer: reopens the cookie banner so a stored choice can be changed. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation('consent');
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      {t('settings')}
    </button>
  );
}
