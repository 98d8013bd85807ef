// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsBootScript,
  CONSENT_WAIT_FOR_UPDATE_MS,
  consentModeUpdate,
  gtmScriptUrl,
  PAGE_VIEW_DELAY_MS,
  pushConsentUpdate,
  pushPageView,
} from './analytics';

const KEY = 'cookie-consent-v1';

/** The data layer as plain arrays: `gtag` pushes `arguments` objects. */
function dataLayerEntries(): unknown[] {
  return (window.dataLayer ?? []).map((entry) =>
    entry && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  );
}

function runBootScript() {
  new Function(analyticsBootScript('GTM-TEST1', KEY))();
}

beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  window.localStorage.clear();
  document.head.innerHTML = '';
});

describe('the seed numbers', () => {
  it('waits 500 ms for a consent update and 100 ms before a page view', () => {
    expect(CONSENT_WAIT_FOR_UPDATE_MS).toBe(500);
    expect(PAGE_VIEW_DELAY_MS).toBe(100);
  });
});

describe('the head script', () => {
  it('pushes the denied defaults, then starts the tag manager, then adds its script', () => {
    runBootScript();
    const entries = dataLayerEntries();
    expect(entries[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(entries[1]).toMatchObject({ event: 'gtm.js' });
    expect(entries).toHaveLength(2);
    const script = document.head.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    expect(script?.async).toBe(true);
  });

  it('pushes a stored choice at once, right after the defaults', () => {
    window.localStorage.setItem(KEY, '{"analytics":true,"ads":true}');
    runBootScript();
    expect(dataLayerEntries()[1]).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    ]);
  });

  it('ignores a stored value that is not a choice', () => {
    window.localStorage.setItem(KEY, '{"analytics":"yes"}');
    runBootScript();
    expect(dataLayerEntries().filter((entry) => Array.isArray(entry) && entry[1] === 'update')).toEqual([]);
  });

  it('escapes the container id so it cannot end the script element', () => {
    expect(analyticsBootScript('</script><script>alert(1)', KEY)).not.toContain('</script>');
    expect(gtmScriptUrl('GTM-A&B')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-A%26B');
  });
});

describe('after the page runs', () => {
  it('pushes granted on accept and denied on refuse', () => {
    runBootScript();
    pushConsentUpdate({ analytics: true, ads: true });
    pushConsentUpdate({ analytics: false, ads: false });
    const updates = dataLayerEntries().slice(-2);
    expect(updates).toEqual([
      ['consent', 'update', consentModeUpdate({ analytics: true, ads: true })],
      ['consent', 'update', consentModeUpdate({ analytics: false, ads: false })],
    ]);
    expect(consentModeUpdate({ analytics: false, ads: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
  });

  it('pushes a page view with the page address and title', () => {
    runBootScript();
    document.title = 'Escale';
    pushPageView();
    expect(dataLayerEntries().at(-1)).toMatchObject({ event: 'page_view', page_title: 'Escale' });
  });

  it('does nothing at all without a container (no data layer, no gtag)', () => {
    pushConsentUpdate({ analytics: true, ads: true });
    pushPageView();
    expect(window.dataLayer).toBeUndefined();
  });
});
