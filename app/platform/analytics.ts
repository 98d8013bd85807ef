/**
 * Consent-aware analytics through Google Tag Manager (seed sections 1, 7, 9), only when `GTM_CONTAINER_ID`
 * is set. Consent mode: every storage is denied by default, with 500 ms for an update, pushed in an inline
 * script before the tag manager loads; a stored choice is pushed at once in the same script; a new choice
 * pushes an update; a `page_view` is pushed 100 ms after each navigation (the new title is in place then).
 */
export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;
export const PAGE_VIEW_DELAY_MS = 100;

export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

type ConsentValue = 'granted' | 'denied';
export interface ConsentModeUpdate {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function gtmScriptUrl(containerId: string): string {
  return `${GTM_SCRIPT_URL}?id=${encodeURIComponent(containerId)}`;
}

/** The consent-mode storages a choice grants or denies: ads covers the three advertising ones. */
export function consentModeUpdate(choice: ConsentChoice): ConsentModeUpdate {
  const ads: ConsentValue = choice.ads ? 'granted' : 'denied';
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice.analytics ? 'granted' : 'denied',
  };
}

/**
 * Runs in the page's head before anything else (serialised by `analyticsBootScript`), so it must not refer
 * to anything outside itself. `gtag` pushes its `arguments` object, which is what the tag manager reads.
 * The tag manager's script is inserted last, by this script, so the consent defaults always come first; it
 * carries this script's nonce, which the tag manager hands on to the tags it adds.
 */
export function bootAnalytics(win: Window, storageKey: string, waitForUpdateMs: number, scriptUrl: string) {
  const dataLayer = (win.dataLayer = win.dataLayer || []);
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    wait_for_update: waitForUpdateMs,
  });
  try {
    const stored = JSON.parse(win.localStorage.getItem(storageKey) || 'null');
    if (stored && typeof stored.analytics === 'boolean' && typeof stored.ads === 'boolean') {
      const ads = stored.ads ? 'granted' : 'denied';
      win.gtag('consent', 'update', {
        ad_storage: ads,
        ad_user_data: ads,
        ad_personalization: ads,
        analytics_storage: stored.analytics ? 'granted' : 'denied',
      });
    }
  } catch {
    // No storage or not JSON: the defaults stand until the person chooses.
  }
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const doc = win.document;
  const script = doc.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  doc.head.appendChild(script);
}

/** The inline head script: consent defaults (and a stored choice), then the tag manager's script. */
export function analyticsBootScript(containerId: string, storageKey: string): string {
  // `<` inside the string values is escaped so no value can close the script element early.
  const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const args = [literal(storageKey), CONSENT_WAIT_FOR_UPDATE_MS, literal(gtmScriptUrl(containerId))];
  return `(${bootAnalytics.toString()})(window,${args.join(',')});`;
}

/** Tells the tag manager about a new choice; nothing happens when no container is configured. */
export function pushConsentUpdate(choice: ConsentChoice, win: Window = window) {
  win.gtag?.('consent', 'update', consentModeUpdate(choice));
}

export function pushPageView(win: Window = window) {
  win.dataLayer?.push({
    event: 'page_view',
    page_location: win.location.href,
    page_path: `${win.location.pathname}${win.location.search}`,
    page_title: win.document.title,
  });
}
