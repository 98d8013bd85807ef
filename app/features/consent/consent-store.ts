import { useSyncExternalStore } from 'react';
import { pushConsentUpdate } from '~/platform/analytics';
import {
  CONSENT_STORAGE_KEY,
  consentReducer,
  INITIAL_CONSENT_STATE,
  parseStoredConsent,
  serialiseConsent,
  type ConsentEvent,
  type ConsentState,
} from './consent-machine';

/** The browser's consent state, outside React so the footer button and the banner share it. */
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

export function dispatchConsent(event: ConsentEvent) {
  const next = consentReducer(state, event);
  if (next === state) return;
  state = next;
  if ((event.type === 'accept' || event.type === 'refuse') && next.status === 'decided') {
    try {
      storage()?.setItem(CONSENT_STORAGE_KEY, serialiseConsent(next.choice));
    } catch {
      // Storage full or blocked: the choice holds for this page only, and the banner asks again next time.
    }
    pushConsentUpdate(next.choice);
  }
  listeners.forEach((listener) => listener());
}

/** Reads the stored choice once the page runs in the browser (the server render never shows the banner). */
export function loadStoredConsent() {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  dispatchConsent({ type: 'loaded', stored: parseStoredConsent(raw) });
}

export const openConsentSettings = () => dispatchConsent({ type: 'reopen' });

export function useConsentState(): ConsentState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL_CONSENT_STATE,
  );
}
