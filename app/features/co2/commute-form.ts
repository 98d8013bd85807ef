import type { CommuteInput, CommuteSavings } from './commute-co2';
import { computeCommuteSavings } from './commute-co2';
import { COMMUTE_MODES, DEFAULT_WEEKS_PER_YEAR, type CommuteMode } from './emission-factors';

/** The form's fields as they travel in the URL (`/co2?distance=20&mode=carPetrol&days=2&weeks=47`). */
export const COMMUTE_FIELDS = ['distance', 'mode', 'days', 'weeks'] as const;
export type CommuteField = (typeof COMMUTE_FIELDS)[number];
export type CommuteFormValues = Record<CommuteField, string>;

export const DEFAULT_COMMUTE_VALUES: CommuteFormValues = {
  distance: '',
  mode: 'carPetrol',
  days: '2',
  weeks: String(DEFAULT_WEEKS_PER_YEAR),
};

export const MAX_DISTANCE_KM = 300;

/** Accepts "12,5" as well as "12.5" (French decimal comma); an empty field is missing, not zero. */
function parseDecimal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** A number field's message key (of the `co2` namespace, the page translates it), or its number. */
function checkNumber(
  raw: unknown,
  { required, range, integer, min, max }: NumberRule,
): { value: number } | { error: string } {
  const value = parseDecimal(raw);
  if (value === undefined) return { error: required };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { error: 'errors.notANumber' };
  if (integer && !Number.isInteger(value)) return { error: range };
  if (value < min.value || (min.exclusive && value === min.value) || value > max) return { error: range };
  return { value };
}

interface NumberRule {
  required: string;
  range: string;
  integer: boolean;
  min: { value: number; exclusive: boolean };
  max: number;
}

// Plain checks rather than a schema: the page needs these few rules, and no validation library on its first
// load (docs/decisions/031-light-pages.md). The calculator runs in the page only; nothing is sent.
const RULES = {
  distance: {
    required: 'errors.distanceRequired',
    range: 'errors.distanceRange',
    integer: false,
    min: { value: 0, exclusive: true },
    max: MAX_DISTANCE_KM,
  },
  days: {
    required: 'errors.daysRequired',
    range: 'errors.daysRange',
    integer: true,
    min: { value: 1, exclusive: false },
    max: 7,
  },
  weeks: {
    required: 'errors.weeksRequired',
    range: 'errors.weeksRange',
    integer: true,
    min: { value: 1, exclusive: false },
    max: 52,
  },
} satisfies Record<Exclude<CommuteField, 'mode'>, NumberRule>;

const isCommuteMode = (mode: string): mode is CommuteMode =>
  (COMMUTE_MODES as readonly string[]).includes(mode);

export type CommuteOutcome =
  | { ok: true; input: CommuteInput; savings: CommuteSavings }
  | { ok: false; errors: Partial<Record<CommuteField, string>> };

/** Validates the form's raw values and, when they are valid, computes what is avoided. */
export function evaluateCommuteForm(values: CommuteFormValues): CommuteOutcome {
  const errors: Partial<Record<CommuteField, string>> = {};
  const numbers: Partial<Record<keyof typeof RULES, number>> = {};
  for (const field of ['distance', 'days', 'weeks'] as const) {
    const checked = checkNumber(values[field], RULES[field]);
    if ('error' in checked) errors[field] = checked.error;
    else numbers[field] = checked.value;
  }
  const mode = values.mode;
  if (!isCommuteMode(mode)) errors.mode = 'errors.modeInvalid';
  const { distance, days, weeks } = numbers;
  if (distance === undefined || days === undefined || weeks === undefined || !isCommuteMode(mode)) {
    return { ok: false, errors };
  }
  const input: CommuteInput = { distanceKm: distance, mode, daysPerWeek: days, weeksPerYear: weeks };
  return { ok: true, input, savings: computeCommuteSavings(input) };
}

/** The form's values from a URL's query; `submitted` is false on a first visit (no field in the URL). */
export function readCommuteQuery(params: URLSearchParams): {
  values: CommuteFormValues;
  submitted: boolean;
} {
  const submitted = COMMUTE_FIELDS.some((field) => params.has(field));
  const values = { ...DEFAULT_COMMUTE_VALUES };
  for (const field of COMMUTE_FIELDS) {
    const value = params.get(field);
    if (value !== null) values[field] = value.slice(0, 20);
  }
  return { values, submitted };
}
