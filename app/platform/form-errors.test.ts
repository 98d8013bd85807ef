import { describe, expect, it } from 'vitest';
import { AppError, refused } from '#contract/errors';
import { EVENT_REFUSALS } from '#contract/events';
import { FORMULA_REFUSALS } from '#contract/formulas';
import { DATE_REFUSAL, TEXT_REFUSAL } from '#contract/input';
import { INVOICE_REFUSALS } from '#contract/invoices.plain';
import { BOOKING_REFUSALS } from '#contract/reservations';
import enBackoffice from '../../locales/en/backoffice.json';
import enAuth from '../../locales/en/auth.json';
import frBackoffice from '../../locales/fr/backoffice.json';
import frAuth from '../../locales/fr/auth.json';
import { messageOfError } from './form-errors';
import { serverTranslator } from './i18n.server';

const fr = serverTranslator('fr').fixed('common');
const en = serverTranslator('en').fixed('common');

/** Each feature's refusal reasons (the contract's lists), by the catalog that words them. */
const refusalsByNamespace: Record<string, readonly string[]> = {
  reservations: [...BOOKING_REFUSALS, TEXT_REFUSAL, DATE_REFUSAL, 'end-before-start', 'reason-required'],
  events: EVENT_REFUSALS,
  invoices: INVOICE_REFUSALS,
  formulas: FORMULA_REFUSALS,
};

describe('a refused call’s message', () => {
  it.each(Object.entries(refusalsByNamespace))(
    'has its own words in French and English for every reason %s refuses',
    (namespace, reasons) => {
      for (const t of [fr, en]) {
        const generic = t('common:errors.codes.failed-precondition');
        for (const reason of reasons) {
          const text = messageOfError(t, refused(reason, 'server wording'), namespace);
          expect(text, `${namespace} ${reason}`).not.toBe(generic);
          expect(text, `${namespace} ${reason}`).not.toContain('server wording');
        }
      }
    },
  );

  it('says why a formula cannot be bought, in the reader’s language', () => {
    const limit = refused('limit-reached', 'You already hold as many as allowed');
    expect(messageOfError(fr, limit, 'formulas')).toBe(
      'Vous détenez déjà autant de cette formule que l’espace le permet.',
    );
    expect(messageOfError(en, limit, 'formulas')).toBe(
      'You already hold as many of this formula as the space allows.',
    );
  });

  it('fills the numbers the server gave and the caller’s own blanks', () => {
    expect(messageOfError(en, refused('step', 'x', { stepMinutes: 15 }), 'reservations')).toBe(
      'Bookings start and last in steps of 15 minutes.',
    );
    expect(
      messageOfError(en, refused('pause-too-soon', 'x', { earliest: '2026-12-01' }), 'formulas', {
        date: '1 Dec 2026',
      }),
    ).toBe('A pause begins on 1 Dec 2026 at the earliest.');
  });

  it('names what the contract refused in a field when the server gave no reason', () => {
    const invalid = (message: string) =>
      new AppError('invalid-argument', 'Invalid input', { fields: [{ path: 'title', message }] });
    expect(messageOfError(en, invalid('end-before-start'), 'reservations')).toBe(
      en('reservations:refusals.end-before-start'),
    );
    expect(messageOfError(en, invalid('Too big'), 'reservations')).toBe(
      en('common:errors.codes.invalid-argument'),
    );
  });

  it('falls back to the code’s message for a reason the catalog does not know, or with no namespace', () => {
    const limit = refused('limit-reached', 'x');
    expect(messageOfError(en, limit)).toBe(en('common:errors.codes.failed-precondition'));
    expect(messageOfError(en, refused('made-up', 'x'), 'formulas')).toBe(
      en('common:errors.codes.failed-precondition'),
    );
    expect(messageOfError(en, new Error('boom'), 'formulas')).toBe(en('common:errors.codes.unknown'));
  });

  it('keeps the contract’s own field refusals worded where forms show them', () => {
    for (const validation of [
      frAuth.validation,
      enAuth.validation,
      frBackoffice.validation,
      enBackoffice.validation,
    ]) {
      expect(validation).toHaveProperty([TEXT_REFUSAL]);
    }
    for (const validation of [frBackoffice.validation, enBackoffice.validation]) {
      expect(validation).toHaveProperty([DATE_REFUSAL]);
    }
  });
});
