import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '~/platform/translation';
import { focusPageHeading, rememberFocus } from '~/platform/focus';
import { buttonClass } from '~/ui/button-class';
import { TextLink } from '~/ui/link';
import { isBannerOpen } from './consent-machine';
import { useRootData } from '~/platform/root-data';
import { dispatchConsent, loadStoredConsent, useConsentState } from './consent-store';

/** The banner's height, read by app.css: the page keeps that much room below its last control. */
export const BANNER_HEIGHT_PROPERTY = '--consent-banner-height';

/**
 * Keeps room for the open banner at the bottom of the page (`padding-bottom` on the body) and in the
 * viewport (`scroll-padding-bottom`), so the banner never covers a control: the end of the page can be
 * scrolled above it, and a control reached with Tab is scrolled clear of it. Room is added below everything,
 * so nothing on the page moves.
 */
function useReservedRoom(region: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const element = region.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [region, open]);
}

/**
 * Focus comes back where it was once a choice closes the banner: to the control that had it before the
 * person went into the banner (the footer's "Cookie settings" button after reopening it), or, when the banner
 * was the first thing they reached, to the page's heading. Never to `<body>`.
 */
function useFocusReturn(region: RefObject<HTMLElement | null>, open: boolean, reopened: boolean) {
  const restore = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!open) return;
    const remember = (target: EventTarget | null) => {
      if (target instanceof HTMLElement && target !== document.body && !region.current?.contains(target))
        restore.current = rememberFocus(target);
    };
    remember(document.activeElement);
    const onFocusIn = (event: FocusEvent) => remember(event.target);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      // Only when the choice took focus away with the banner; a click elsewhere keeps focus where it went.
      const active = document.activeElement;
      if (!active || active === document.body) (restore.current ?? focusPageHeading)();
      restore.current = null;
    };
  }, [region, open]);

  // Reopened from the footer: focus moves into the banner.
  useEffect(() => {
    if (reopened) region.current?.focus();
  }, [region, reopened]);
}

/**
 * The cookie banner over every page until a choice is stored (seed sections 2, 9). It is fixed to the
 * bottom of the viewport and is in the page's first HTML when the request carries no choice (the cookie
 * beside `localStorage`, consent-machine.ts); the page keeps room for it below its end (app.css: an estimate
 * until the page runs, then its measured height), so it covers no control and moves nothing. It is a labelled region, not a
 * modal: the page stays usable with the keyboard. It comes first in the document, so it is the first Tab
 * stop: a choice to make before the page's own controls. Refusing looks and weighs exactly like accepting
 * (CNIL guidance).
 */
export function ConsentBanner() {
  const { t } = useTranslation('consent');
  const fromCookie = useRootData()?.consent ?? null;
  const state = useConsentState(fromCookie);
  const region = useRef<HTMLElement>(null);
  const open = isBannerOpen(state);

  // Once: the choice the page was rendered with is the cookie's at that time.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => loadStoredConsent(fromCookie), []);
  useReservedRoom(region, open);
  useFocusReturn(region, open, state.status === 'decided' && state.reopened);

  if (!open) return null;
  return (
    <section
      ref={region}
      id="consent-banner"
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
          <button type="button" className={buttonClass()} onClick={() => dispatchConsent({ type: 'refuse' })}>
            {t('refuse')}
          </button>
          <button type="button" className={buttonClass()} onClick={() => dispatchConsent({ type: 'accept' })}>
            {t('accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
