import type { z } from './zod';
import { daysFromUntil } from './dates';

/** Both ends included, of dates or local date-times (`2026-05-01` → `2026-05-01` is 1). */
const spannedDays = (from: string, to: string) => daysFromUntil(from.slice(0, 10), to.slice(0, 10)) + 1;

export interface RangeRule {
  /** The end must come after the start, not on it (a pause, an event); by default they may be equal. */
  strict?: boolean;
  /** At most this many calendar days, both ends included (`range-too-long`). */
  maxDays?: number;
  /** The issue's message when the end comes first (`range-order` unless the form names its own). */
  orderMessage?: string;
}

/**
 * The one check of a period a caller sends, for a schema's `superRefine`: its end does not come before its
 * start (nor on it, when `strict`) and it spans at most `maxDays` days. Dates (`YYYY-MM-DD`) and local
 * date-times (`YYYY-MM-DDTHH:MM`) compare as text. An end left open is not checked (a filter's period may
 * be). Issues go on the end's field, as forms show them: `range-order`, `range-too-long`.
 */
export function refineRange<T extends Record<string, unknown>>(
  start: keyof T & string,
  end: keyof T & string,
  rule: RangeRule = {},
): (input: T, issues: z.RefinementCtx) => void {
  return (input, issues) => {
    const from = input[start];
    const to = input[end];
    if (typeof from !== 'string' || typeof to !== 'string' || !from || !to) return;
    if (rule.strict ? to <= from : to < from) {
      issues.addIssue({ code: 'custom', path: [end], message: rule.orderMessage ?? 'range-order' });
    } else if (rule.maxDays !== undefined && spannedDays(from, to) > rule.maxDays) {
      issues.addIssue({ code: 'custom', path: [end], message: 'range-too-long' });
    }
  };
}
