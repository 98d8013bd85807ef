import type { ConsentChoice } from '~/platform/analytics';

/**
 * Seed sections 3 and 4: the cookie choice. `unknown` until the browser has read its storage (the server
 * cannot know), then `undecided` (banner open) → `decided` by accepting (analytics and ads true) or refusing
 * (both false). Once decided the banner stays closed, except when the person reopens it from the footer.
 */
export const CONSENT_STORAGE_KEY = 'cookie-consent-v1';

export const ACCEPT_ALL: ConsentChoice = { analytics: true, ads: true };
export const REFUSE_ALL: ConsentChoice = { analytics: false, ads: false };

export type ConsentState =
  | { status: 'unknown' }
  | { status: 'undecided' }
  | { status: 'decided'; choice: ConsentChoice; reopened: boolean };

export type ConsentEvent =
  | { type: 'loaded'; stored: ConsentChoice | null }
  | { type: 'accept' }
  | { type: 'refuse' }
  | { type: 'reopen' };

export const INITIAL_CONSENT_STATE: ConsentState = { status: 'unknown' };

export function consentReducer(state: ConsentState, event: ConsentEvent): ConsentState {
  switch (event.type) {
    case 'loaded':
      if (state.status !== 'unknown') return state;
      return event.stored
        ? { status: 'decided', choice: event.stored, reopened: false }
        : { status: 'undecided' };
    case 'accept':
      return state.status === 'unknown' ? state : { status: 'decided', choice: ACCEPT_ALL, reopened: false };
    case 'refuse':
      return state.status === 'unknown' ? state : { status: 'decided', choice: REFUSE_ALL, reopened: false };
    case 'reopen':
      return state.status === 'decided' ? { ...state, reopened: true } : state;
  }
}

export function isBannerOpen(state: ConsentState): boolean {
  return state.status === 'undecided' || (state.status === 'decided' && state.reopened);
}

/** Consent counts as given when either category is accepted. */
export function consentGiven(choice: ConsentChoice | null | undefined): boolean {
  return Boolean(choice && (choice.analytics || choice.ads));
}

/** The stored choice, or null when there is none or it is not `{ analytics: boolean, ads: boolean }`. */
export function parseStoredConsent(raw: string | null | undefined): ConsentChoice | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      'analytics' in value &&
      'ads' in value &&
      typeof value.analytics === 'boolean' &&
      typeof value.ads === 'boolean'
    ) {
      return { analytics: value.analytics, ads: value.ads };
    }
  } catch {
    // Not JSON: treated as no choice, so the banner asks again.
  }
  return null;
}

export function serialiseConsent(choice: ConsentChoice): string {
  return JSON.stringify({ analytics: choice.analytics, ads: choice.ads });
}
