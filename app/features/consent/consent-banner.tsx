import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/ui/button';
import { TextLink } from '~/ui/link';
import { isBannerOpen } from './consent-machine';
import { dispatchConsent, loadStoredConsent, useConsentState } from './consent-store';

/**
 * The cookie banner over every page until a choice is stored (seed sections 2, 9). It is fixed to the
 * bottom of the viewport and appears only once the page runs in the browser, so it never moves the page
 * (no layout shift). It is a labelled region, not a modal: the page stays usable with the keyboard, and
 * it comes last in the tab order, as it sits at the bottom. Refusing looks and weighs exactly like accepting
 * (CNIL guidance).
 */
export function ConsentBanner() {
  const { t } = useTranslation('consent');
  const state = useConsentState();
  const region = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const reopened = state.status === 'decided' && state.reopened;

  useEffect(() => loadStoredConsent(), []);

  // Reopened from the footer: focus moves into the banner, and back to the button once a choice is made.
  useEffect(() => {
    if (reopened) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      region.current?.focus();
    } else if (opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [reopened]);

  if (!isBannerOpen(state)) return null;
  return (
    <section
      ref={region}
      aria-labelledby="consent-title"
      tabIndex={-1}
      className="group pointer-events-none fixed inset-x-0 bottom-0 z-40 p-3 outline-none sm:p-4"
    >
      <div className="border-line bg-surface group-focus:ring-primary pointer-events-auto mx-auto flex max-w-4xl flex-col gap-4 rounded-2xl border p-5 shadow-xl group-focus:ring-3 md:flex-row md:items-end">
        <div className="flex-1">
          <h2 id="consent-title" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-ink-soft mt-1 text-sm">
            {t('text')} <TextLink to="/terms#cookies">{t('learnMore')}</TextLink>
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <Button onClick={() => dispatchConsent({ type: 'refuse' })}>{t('refuse')}</Button>
          <Button onClick={() => dispatchConsent({ type: 'accept' })}>{t('accept')}</Button>
        </div>
      </div>
    </section>
  );
}
