import type { Translate } from '#contract/translator';
import { AppError } from '#contract/errors';
import { DATE_REFUSAL, TEXT_REFUSAL } from '#contract/input.plain';
import { BOOKING_REFUSALS, type BookingRefusal } from '#contract/reservations.plain';

/** Refusals the contract itself gives (a field's message rather than a reason), with no number to show. */
const FIELD_REFUSALS: readonly string[] = [TEXT_REFUSAL, DATE_REFUSAL, 'end-before-start'];

function isRefusal(value: unknown): value is BookingRefusal {
  return typeof value === 'string' && (BOOKING_REFUSALS as readonly string[]).includes(value);
}

/**
 * What to tell the person when a reservations call was refused: the reason the server named, translated
 * with the numbers it gave (a step, a capacity…); else the generic message of the error code. Never the
 * server's own wording.
 */
export function refusalMessage(t: Translate, error: unknown): string {
  const appError = error instanceof AppError ? error : new AppError('unknown');
  const reason = appError.details?.reason;
  if (isRefusal(reason)) return t(`reservations:refusals.${reason}`, { ...appError.details });
  if (reason === 'reason-required') return t('reservations:refusals.reason-required');
  const fieldRefusal = appError.details?.fields?.find((field) => FIELD_REFUSALS.includes(field.message));
  if (fieldRefusal) return t(`reservations:refusals.${fieldRefusal.message}`);
  return t(`common:errors.codes.${appError.code}`);
}
