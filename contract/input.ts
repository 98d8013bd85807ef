import { z } from './zod';
import { DATE_REFUSAL, EARLIEST_DATE, LATEST_DATE, TEXT_REFUSAL } from './input.plain';

export * from './input.plain';

/**
 * The shapes every callable's input is built from, so that what a caller sends is refused at the door
 * rather than deep in a service or in the database:
 * - text never holds NUL (PostgreSQL text cannot store it) nor a lone surrogate (half of a UTF-16 pair,
 *   which no real text contains and which would be stored as a replacement character): refused, never
 *   silently changed;
 * - dates and instants lie within a calendar window: a loop or a query over days always has an end.
 * Messages are translation keys (`characters`, `date-range`) in the namespaces whose forms show them.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text can be stored and shown exactly as it was sent. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Whether any text in a parsed JSON value, keys included, could not be stored as it was sent. */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The id of a row (a space, a room, a reservation…): a UUID as PostgreSQL generates them. The one
 * definition: inputs use the schema, routes and services that read an id from a URL use `isUuid`.
 */
export const ZUuid = z.uuid();

export function isUuid(value: unknown): value is string {
  return ZUuid.safeParse(value).success;
}

/** Any text a caller sends: every string field of every callable starts from this one. */
export const ZText = z.string().refine(isStorableText, TEXT_REFUSAL);

/**
 * Chosen by the browser for one attempt at a change (a booking, a purchase) and sent again on every retry of
 * it, so the server makes the change once: the one schema of every mutation's `idempotencyKey`.
 */
export const ZIdempotencyKey = ZText.min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'idempotency-key');

// The calendar window (EARLIEST_DATE, LATEST_DATE) is in ./input.plain.ts.
const EARLIEST_MS = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const AFTER_LATEST_MS = Date.parse(`${LATEST_DATE}T00:00:00Z`) + 86_400_000;

/** `YYYY-MM-DD`, a real calendar day between EARLIEST_DATE and LATEST_DATE. */
export const ZCalendarDate = z.iso
  .date()
  .refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, DATE_REFUSAL);

/**
 * An instant with its offset (`2026-03-29T09:00:00+02:00` or `…Z`) within the same window; answers always
 * give UTC `…Z`.
 */
export const ZInstant = z.iso.datetime({ offset: true }).refine((instant) => {
  const time = Date.parse(instant);
  return time >= EARLIEST_MS && time < AFTER_LATEST_MS;
}, DATE_REFUSAL);
