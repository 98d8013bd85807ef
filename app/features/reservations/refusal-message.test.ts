import type { Translate } from '#contract/translator';
import { describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { DATE_REFUSAL, TEXT_REFUSAL } from '#contract/input';
import { BOOKING_REFUSALS } from '#contract/reservations';
import enBackoffice from '../../../locales/en/backoffice.json';
import enAuth from '../../../locales/en/auth.json';
import enReservations from '../../../locales/en/reservations.json';
import frBackoffice from '../../../locales/fr/backoffice.json';
import frAuth from '../../../locales/fr/auth.json';
import frReservations from '../../../locales/fr/reservations.json';
import { refusalMessage } from './refusal-message';

/** A `t` that answers the key it was asked for, to see which message was chosen. */
const keyOf: Translate = (key) => key;

describe('refusal messages', () => {
  it('has words in French and English for every reason a booking is refused, and for the contract’s own', () => {
    for (const refusals of [frReservations.refusals, enReservations.refusals]) {
      for (const reason of [...BOOKING_REFUSALS, TEXT_REFUSAL, DATE_REFUSAL]) {
        expect(refusals, reason).toHaveProperty([reason]);
      }
    }
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

  it('names what the contract refused in a field when the server gave no reason', () => {
    const refused = (message: string) =>
      new AppError('invalid-argument', 'Invalid input', { fields: [{ path: 'title', message }] });
    expect(refusalMessage(keyOf, refused(TEXT_REFUSAL))).toBe(`reservations:refusals.${TEXT_REFUSAL}`);
    expect(refusalMessage(keyOf, refused('end-before-start'))).toBe('reservations:refusals.end-before-start');
    expect(refusalMessage(keyOf, refused('Too big'))).toBe('common:errors.codes.invalid-argument');
  });
});
