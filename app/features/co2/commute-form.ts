import { z } from '#contract/zod';
import type { CommuteInput, CommuteSavings } from './commute-co2';
import { computeCommuteSavings } from './commute-co2';
import { COMMUTE_MODES, DEFAULT_WEEKS_PER_YEAR } from './emission-factors';

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

// Messages are keys of the `co2` namespace: the page translates them.
const zCommuteForm = z.object({
  distance: z.preprocess(
    parseDecimal,
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'errors.distanceRequired' : 'errors.notANumber'),
      })
      .gt(0, { error: 'errors.distanceRange' })
      .max(MAX_DISTANCE_KM, { error: 'errors.distanceRange' }),
  ),
  mode: z.enum(COMMUTE_MODES, { error: 'errors.modeInvalid' }),
  days: z.preprocess(
    parseDecimal,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'errors.daysRequired' : 'errors.notANumber') })
      .int({ error: 'errors.daysRange' })
      .min(1, { error: 'errors.daysRange' })
      .max(7, { error: 'errors.daysRange' }),
  ),
  weeks: z.preprocess(
    parseDecimal,
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'errors.weeksRequired' : 'errors.notANumber'),
      })
      .int({ error: 'errors.weeksRange' })
      .min(1, { error: 'errors.weeksRange' })
      .max(52, { error: 'errors.weeksRange' }),
  ),
});

export type CommuteOutcome =
  | { ok: true; input: CommuteInput; savings: CommuteSavings }
  | { ok: false; errors: Partial<Record<CommuteField, string>> };

/** Validates the form's raw values and, when they are valid, computes what is avoided. */
export function evaluateCommuteForm(values: CommuteFormValues): CommuteOutcome {
  const parsed = zCommuteForm.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<CommuteField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CommuteField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { distance, mode, days, weeks } = parsed.data;
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
