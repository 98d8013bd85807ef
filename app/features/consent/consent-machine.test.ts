import { describe, expect, it } from 'vitest';
import {
  consentCookie,
  consentFromCookieHeader,
  consentStateOf,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  ACCEPT_ALL,
  CONSENT_KEY,
  consentGiven,
  consentReducer,
  INITIAL_CONSENT_STATE,
  isBannerOpen,
  parseStoredConsent,
  REFUSE_ALL,
  serialiseConsent,
  type ConsentEvent,
  type ConsentState,
} from './consent-machine';

function run(events: ConsentEvent[], from: ConsentState = INITIAL_CONSENT_STATE): ConsentState {
  return events.reduce(consentReducer, from);
}

describe('the consent state machine', () => {
  it('uses the seed key', () => {
    expect(CONSENT_KEY).toBe('cookie-consent-v1');
  });

  it('shows no banner before the browser has read its storage (the server render)', () => {
    expect(isBannerOpen(INITIAL_CONSENT_STATE)).toBe(false);
  });

  it('is undecided, banner open, when nothing is stored', () => {
    const state = run([{ type: 'loaded', stored: null }]);
    expect(state).toEqual({ status: 'undecided' });
    expect(isBannerOpen(state)).toBe(true);
  });

  it('accepting sets analytics and ads to true and closes the banner', () => {
    const state = run([{ type: 'loaded', stored: null }, { type: 'accept' }]);
    expect(state).toEqual({ status: 'decided', choice: { analytics: true, ads: true }, reopened: false });
    expect(isBannerOpen(state)).toBe(false);
  });

  it('refusing sets both to false and closes the banner', () => {
    const state = run([{ type: 'loaded', stored: null }, { type: 'refuse' }]);
    expect(state).toEqual({ status: 'decided', choice: { analytics: false, ads: false }, reopened: false });
    expect(isBannerOpen(state)).toBe(false);
  });

  it('never opens the banner again once a choice is stored', () => {
    for (const stored of [ACCEPT_ALL, REFUSE_ALL, { analytics: true, ads: false }]) {
      const state = run([{ type: 'loaded', stored }]);
      expect(state).toEqual({ status: 'decided', choice: stored, reopened: false });
      expect(isBannerOpen(state)).toBe(false);
    }
  });

  it('reopens from the footer and closes again with the new choice', () => {
    const reopened = run([{ type: 'loaded', stored: ACCEPT_ALL }, { type: 'reopen' }]);
    expect(isBannerOpen(reopened)).toBe(true);
    const changed = consentReducer(reopened, { type: 'refuse' });
    expect(changed).toEqual({ status: 'decided', choice: REFUSE_ALL, reopened: false });
  });

  it('ignores a reopen while undecided (the banner is open already) and before loading', () => {
    expect(run([{ type: 'loaded', stored: null }, { type: 'reopen' }])).toEqual({ status: 'undecided' });
    expect(run([{ type: 'reopen' }])).toBe(INITIAL_CONSENT_STATE);
  });

  it('ignores a choice before the storage is read, and a second load', () => {
    expect(run([{ type: 'accept' }])).toBe(INITIAL_CONSENT_STATE);
    const decided = run([{ type: 'loaded', stored: REFUSE_ALL }]);
    expect(consentReducer(decided, { type: 'loaded', stored: null })).toBe(decided);
  });
});

describe('consentGiven', () => {
  it.each([
    [{ analytics: true, ads: true }, true],
    [{ analytics: true, ads: false }, true],
    [{ analytics: false, ads: true }, true],
    [{ analytics: false, ads: false }, false],
    [null, false],
  ])('%j → %s', (choice, given) => {
    expect(consentGiven(choice)).toBe(given);
  });
});

describe('the stored value', () => {
  it('is {"analytics":bool,"ads":bool}', () => {
    expect(serialiseConsent(ACCEPT_ALL)).toBe('{"analytics":true,"ads":true}');
    expect(serialiseConsent(REFUSE_ALL)).toBe('{"analytics":false,"ads":false}');
  });

  it('reads back what was written', () => {
    expect(parseStoredConsent('{"analytics":true,"ads":false}')).toEqual({ analytics: true, ads: false });
  });

  it.each([
    [null],
    [''],
    ['not json'],
    ['true'],
    ['[]'],
    ['{"analytics":true}'],
    ['{"analytics":"yes","ads":true}'],
  ])('treats %j as no choice', (raw) => {
    expect(parseStoredConsent(raw)).toBeNull();
  });
});

describe('the cookie keeping the choice for the server', () => {
  it('holds the stored value under the seed key, for six months, on the whole site', () => {
    const cookie = consentCookie(REFUSE_ALL, false);
    expect(cookie).toBe(
      `cookie-consent-v1=${encodeURIComponent('{"analytics":false,"ads":false}')}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    );
    expect(consentCookie(ACCEPT_ALL, true)).toMatch(/; Secure$/);
  });

  it('is read back from a Cookie header among others', () => {
    const [pair] = consentCookie(ACCEPT_ALL, false).split(';');
    expect(consentFromCookieHeader(`lang=en; ${pair}; other=1`)).toEqual(ACCEPT_ALL);
  });

  it.each([[null], [''], ['lang=en'], ['cookie-consent-v1=%E0%A4%A'], ['cookie-consent-v1=yes']])(
    'reads %j as no choice',
    (header) => {
      expect(consentFromCookieHeader(header)).toBeNull();
    },
  );

  it('starts the page with the banner open when there is none, closed when there is one', () => {
    expect(consentStateOf(null)).toEqual({ status: 'undecided' });
    expect(consentStateOf(ACCEPT_ALL)).toEqual({ status: 'decided', choice: ACCEPT_ALL, reopened: false });
  });
});
