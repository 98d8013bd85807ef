/** The contract's input words and limits the browser needs without the schemas (contract/input.ts). */

/** Field message of a text no database can store (NUL, lone surrogates). */
export const TEXT_REFUSAL = 'characters';

/** The calendar the app works in: bookings, searches, closures and plannings all fall within it. */
export const EARLIEST_DATE = '2000-01-01';
export const LATEST_DATE = '2099-12-31';
export const DATE_REFUSAL = 'date-range';
