import { callableRef } from './callable';
import type { buyFormula, cancelPlan, endPause, getCreditOption, pausePlan, previewPause } from './formulas';
import type { Locale } from './locale';
import { localizedText } from './localized';

/**
 * The fixed lists of formulas, plans and credits (docs/decisions/021-formulas-and-credit-ledger.md), without
 * zod, so the database schema and the browser read the same words.
 */

/** What a space sells: one calendar day at a desk, a pack of hours or entries, a membership. */
export const FORMULA_KINDS = ['day_pass', 'pack', 'membership'] as const;
export type FormulaKind = (typeof FORMULA_KINDS)[number];

export const FORMULA_STATUSES = ['active', 'archived'] as const;

/** What a lot counts: minutes of a room (shown as hours), or entries (one booking each, whatever its length). */
export const CREDIT_UNITS = ['minutes', 'entries'] as const;
export type CreditUnit = (typeof CREDIT_UNITS)[number];

export const MEMBERSHIP_PERIODS = ['month', 'year'] as const;
export type MembershipPeriod = (typeof MEMBERSHIP_PERIODS)[number];

/** What happens to a membership period's unused credit at its end: it expires, or is kept one more period. */
export const ROLLOVER_RULES = ['none', 'one_period'] as const;

export const PAYMENT_METHODS = ['on_site', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What a member holds:
 * - `pending_payment`: bought, waiting for the manager to record the payment (nothing usable yet);
 * - `active`; `cancelling`: cancelled by its member, active until the end of the paid period;
 * - `suspended`: a renewal unpaid past the space's grace period (credits frozen, not lost);
 * - `ended`.
 */
export const PLAN_STATUSES = ['pending_payment', 'active', 'cancelling', 'suspended', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses whose credit may be spent. */
export const SPENDABLE_PLAN_STATUSES = ['active', 'cancelling'] as const satisfies readonly PlanStatus[];
/** A plan its member may still cancel (one already cancelling or ended may not). */
export const CANCELLABLE_PLAN_STATUSES = [
  'active',
  'suspended',
  'pending_payment',
] as const satisfies readonly PlanStatus[];

/** When a bought plan starts: at purchase (paid later on site or by transfer), or once the payment is recorded. */
export const ACTIVATION_MOMENTS = ['purchase', 'payment'] as const;
export type ActivationMoment = (typeof ACTIVATION_MOMENTS)[number];

/** The lines of the credit ledger; each amount is signed (a grant adds, a debit takes). */
export const CREDIT_ENTRY_KINDS = ['grant', 'debit', 'refund', 'expiry', 'adjustment'] as const;

/** Where a lot comes from: a plan's period (or pack), or the unused credit of the period before. */
export const LOT_SOURCES = ['period', 'rollover'] as const;

/** How a reservation is paid. */
export const PAYMENT_CHOICES = ['price', 'credits'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** SQLSTATE the ledger's trigger raises when a debit would make its lot negative (mapped to failed-precondition). */
export const INSUFFICIENT_CREDIT_SQLSTATE = 'EC001';

/** Days of grace after a renewal order's date before an unpaid plan is suspended, when the space says nothing. */
export const DEFAULT_GRACE_DAYS = 7;
/** Days before a renewal that its member is reminded. */
export const RENEWAL_REMINDER_DAYS = 7;

/**
 * A membership's pause (docs/decisions/021): `planned` until it is over (upcoming, then running), then
 * `applied` (its days were added to the plan's periods and to its credit's validity), or `cancelled` before
 * it began.
 */
export const PAUSE_STATUSES = ['planned', 'applied', 'cancelled'] as const;
/** What a pause is to its member at a given moment. */
export const PAUSE_STATES = ['upcoming', 'running', 'ended'] as const;

/** A space's pause rules when it says nothing: pausing not offered; if offered, up to 30 days, a day's notice. */
export const DEFAULT_PAUSE_MAX_DAYS = 30;
export const DEFAULT_PAUSE_NOTICE_DAYS = 1;
/** The longest pause a space may offer, and how far ahead a pause may begin. */
export const MAX_PAUSE_DAYS = 180;
export const PAUSE_HORIZON_DAYS = 365;

/** SQLSTATE the database raises when a pause breaks the space's rules (not offered, too long, not a membership). */
export const PAUSE_REFUSED_SQLSTATE = 'EC003';

// ——— For the browser without the schemas (the room page's booking panel) ———

/** The booking panel's credit question, by name (contract/callable.ts, CallableRef). */
export const planCalls = {
  creditOption: callableRef<typeof getCreditOption>('plans.creditOption'),
};

/** The formula page's purchase, by name (contract/callable.ts, CallableRef). */
export const formulaCalls = {
  buy: callableRef<typeof buyFormula>('formulas.buy'),
};

/** /plans' operations on a member's plan, by name (contract/callable.ts, CallableRef). */
export const myPlanCalls = {
  cancel: callableRef<typeof cancelPlan>('plans.cancel'),
  previewPause: callableRef<typeof previewPause>('plans.previewPause'),
  pause: callableRef<typeof pausePlan>('plans.pause'),
  endPause: callableRef<typeof endPause>('plans.endPause'),
};

/** Looks up a word in the caller's catalog: `creditUnits.entries` (`_one`, `_other` by `count`). */
export type CreditWords = (key: 'creditUnits.entries', values: { count: number }) => string;

/**
 * "2 h", "1 h 30", "3 entrées": an amount of credit in the reader's language. Hours are written with the
 * symbols both languages share; the words for entries come from the caller's catalog (page, e-mail or
 * activity log), singular or plural by the catalog reader's plural rule (French: 0 and 1 are singular).
 */
export function formatCredit(locale: Locale, amount: number, unit: CreditUnit, words: CreditWords): string {
  if (unit === 'entries') return words('creditUnits.entries', { count: amount });
  const sign = amount < 0 ? '−' : '';
  const minutes = Math.abs(amount);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return `${sign}${hours} h`;
  if (hours === 0) return `${sign}${rest} min`;
  return `${sign}${hours} h ${String(rest).padStart(2, '0')}`;
}

/** The formula's name and description in a language (contract/localized.ts). */
export function formulaName(formula: { nameFr: string; nameEn: string }, locale: Locale): string {
  return localizedText(locale, formula.nameFr, formula.nameEn);
}

export function formulaDescription(
  formula: { descriptionFr: string; descriptionEn: string },
  locale: Locale,
): string {
  return localizedText(locale, formula.descriptionFr, formula.descriptionEn);
}

/** The path of a formula's public page. */
export function formulaPath(id: string): string {
  return `/formulas/${id}`;
}
