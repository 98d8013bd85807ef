import { useMemo, useSyncExternalStore } from 'react';
import { pushConsentUpdate, type ConsentChoice } from '~/platform/analytics';
import {
  consentCookie,
  consentStateOf,
  CONSENT_KEY,
  consentReducer,
  INITIAL_CONSENT_STATE,
  parseStoredConsent,
  serialiseConsent,
  type ConsentEvent,
  type ConsentState,
} from './consent-machine';

/**
 * The browser's consent state, outside React so the footer button and the banner share it; until the
 * browser has read its storage, the page shows the state the server rendered (its request's cookie).
 */
let state: ConsentState = INITIAL_CONSENT_STATE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Writes a choice where it is kept: `localStorage` (the seed's key) and the cookie the server reads. */
function keepChoice(choice: ConsentChoice, where: { storage: boolean; cookie: boolean }) {
  if (where.storage) {
    try {
      storage()?.setItem(CONSENT_KEY, serialiseConsent(choice));
    } catch {
      // Storage full or blocked: the cookie still keeps the choice.
    }
  }
  if (where.cookie) document.cookie = consentCookie(choice, window.location.protocol === 'https:');
}

export function dispatchConsent(event: ConsentEvent) {
  const next = consentReducer(state, event);
  if (next === state) return;
  state = next;
  if ((event.type === 'accept' || event.type === 'refuse') && next.status === 'decided') {
    keepChoice(next.choice, { storage: true, cookie: true });
    pushConsentUpdate(next.choice);
  }
  listeners.forEach((listener) => listener());
}

/**
 * Reads the stored choice once the page runs in the browser: `localStorage`'s, else the cookie's the server
 * rendered with. Each place missing it gets it (a choice made before the cookie existed reaches the cookie,
 * and the next page's first HTML has no banner).
 */
export function loadStoredConsent(fromCookie: ConsentChoice | null) {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(CONSENT_KEY) ?? null;
  } catch {
    raw = null;
  }
  const stored = parseStoredConsent(raw);
  const choice = stored ?? fromCookie;
  if (choice) keepChoice(choice, { storage: !stored, cookie: !fromCookie });
  dispatchConsent({ type: 'loaded', stored: choice });
}

export const openConsentSettings = () => dispatchConsent({ type: 'reopen' });

/** The consent state; `fromCookie` is the choice the page's request carried (the server rendered it). */
export function useConsentState(fromCookie: ConsentChoice | null): ConsentState {
  const analytics = fromCookie?.analytics;
  const ads = fromCookie?.ads;
  const rendered = useMemo(
    () => consentStateOf(analytics === undefined || ads === undefined ? null : { analytics, ads }),
    [analytics, ads],
  );
  return useSyncExternalStore(
    subscribe,
    () => (state.status === 'unknown' ? rendered : state),
    () => rendered,
  );
}
