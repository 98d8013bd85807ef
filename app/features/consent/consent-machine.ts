import type { ConsentChoice } from '~/platform/analytics';

/**
 * Seed sections 3 and 4: the cookie choice. `undecided` (banner open) → `decided` by accepting (analytics and
 * ads true) or refusing (both false). Once decided the banner stays closed, except when the person reopens it
 * from the footer. The choice is kept under the seed's key in `localStorage` and, so that the server knows it
 * and renders the banner in the page's first HTML only when no choice is made, in a cookie of the same name.
 * `unknown` is the state of a store nothing has told yet.
 */
/** The choice's name, both as the `localStorage` key and as the cookie's name. */
export const CONSENT_KEY = 'cookie-consent-v1';
/** CNIL: a choice, refusal included, is kept six months before asking again. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

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

/** The state a page starts in, from the choice its request's cookie carries. */
export function consentStateOf(choice: ConsentChoice | null): ConsentState {
  return choice ? { status: 'decided', choice, reopened: false } : { status: 'undecided' };
}

/** The choice a `Cookie` header carries, or null (none, or not two booleans). */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CONSENT_KEY) continue;
    try {
      return parseStoredConsent(decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      return null;
    }
  }
  return null;
}

/** `document.cookie`'s assignment keeping a choice (readable by the server, not sent to other sites). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return [
    `${CONSENT_KEY}=${encodeURIComponent(serialiseConsent(choice))}`,
    'Path=/',
    `Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
