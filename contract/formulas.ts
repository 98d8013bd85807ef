import { z } from './zod';
import { defineCallable } from './callable';
import {
  ACTIVATION_MOMENTS,
  CREDIT_ENTRY_KINDS,
  CREDIT_UNITS,
  FORMULA_KINDS,
  FORMULA_STATUSES,
  LOT_SOURCES,
  MAX_PAUSE_DAYS,
  MEMBERSHIP_PERIODS,
  ORDER_STATUSES,
  PAUSE_STATES,
  PAYMENT_METHODS,
  PLAN_STATUSES,
  ROLLOVER_RULES,
} from './formulas.plain';
import { refineRange } from './date-range';
import { keysetPageFields, ZCursor } from './pagination';
import { ZCalendarDate, ZIdempotencyKey, ZInstant, ZText, ZUuid } from './input';
import { ZRoomKind } from './rooms';

/**
 * Formulas (what a space sells), plans (what a member holds) and the credit ledger
 * (docs/decisions/021-formulas-and-credit-ledger.md). Amounts of credit are in their lot's unit: minutes
 * (shown as hours) or entries.
 */

export const ZFormulaKind = z.enum(FORMULA_KINDS);
export const ZCreditUnit = z.enum(CREDIT_UNITS);
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export const ZPlanStatus = z.enum(PLAN_STATUSES);
export const ZOrderStatus = z.enum(ORDER_STATUSES);

/** Why a formula operation was refused, in `details.reason` (translated by the browser). */
export const FORMULA_REFUSALS = [
  'email-not-verified',
  'billing-details-missing', // the invoice needs billing details the buyer has not given (details.missing)
  'formula-archived',
  'limit-reached', // the member already holds as many as the formula allows
  'not-enough-credit', // no usable lot holds enough for this booking
  'no-usable-credit', // no lot covers this room kind at this time
  'not-paid-yet', // only an awaiting order is marked paid
  'not-cancellable', // only an active membership is cancelled
  'would-go-negative', // an adjustment taking more than the lot holds
  'idempotency-key-reused',
  'not-pausable', // only an active membership is paused
  'pause-not-offered', // the space does not offer pauses
  'pause-too-long', // longer than the space's maximum (details.maxDays)
  'pause-too-soon', // sooner than the space's notice (details.earliest)
  'pause-too-far', // more than a year ahead
  'pause-already-planned', // one pause at a time
  'credit-bookings-in-pause', // a booking paid with this membership's credit falls inside the dates
] as const;

const MAX_NAME = 120;
const MAX_DESCRIPTION = 4000;
export const MAX_ADJUSTMENT_REASON = 500;

/** What a manager writes for a formula (the form and the server validate it the same way). */
export const ZFormulaForm = z
  .object({
    kind: ZFormulaKind,
    nameFr: ZText.trim().min(2).max(MAX_NAME),
    nameEn: ZText.trim().max(MAX_NAME).default(''),
    descriptionFr: ZText.trim().max(MAX_DESCRIPTION).default(''),
    descriptionEn: ZText.trim().max(MAX_DESCRIPTION).default(''),
    priceExclVatCents: z.number().int().min(0).max(10_000_000),
    vatRateBasisPoints: z.number().int().min(0).max(10_000),
    roomKinds: z.array(ZRoomKind).min(1).max(4),
    /** A pack's unit; a membership counts minutes and a day pass one entry whatever is sent (the server sets it). */
    creditUnit: ZCreditUnit,
    /** Minutes or entries included (a day pass: 1 entry). */
    creditAmount: z.number().int().min(1).max(1_000_000),
    validityDays: z.number().int().min(1).max(3660).nullable().default(null),
    period: z.enum(MEMBERSHIP_PERIODS).nullable().default(null),
    rollover: z.enum(ROLLOVER_RULES).default('none'),
    perMemberLimit: z.number().int().min(1).max(1000).nullable().default(null),
  })
  .superRefine((form, issues) => {
    const fail = (path: string, message: string) =>
      issues.addIssue({ code: 'custom', path: [path], message });
    if (form.kind === 'membership') {
      if (!form.period) fail('period', 'required');
    }
    if (form.kind === 'pack') {
      if (!form.validityDays) fail('validityDays', 'required');
      if (form.rollover !== 'none') fail('rollover', 'pack-no-rollover');
    }
    if (form.kind === 'day_pass') {
      if (form.rollover !== 'none') fail('rollover', 'pack-no-rollover');
    }
  });
export type TFormulaForm = z.output<typeof ZFormulaForm>;
export type TFormulaFormInput = z.input<typeof ZFormulaForm>;

export const ZFormula = z.object({
  id: z.string(),
  spaceId: z.string(),
  kind: ZFormulaKind,
  nameFr: z.string(),
  nameEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  priceExclVatCents: z.number().int(),
  vatCents: z.number().int(),
  priceInclVatCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  currency: z.literal('EUR'),
  roomKinds: z.array(ZRoomKind),
  creditUnit: ZCreditUnit,
  creditAmount: z.number().int(),
  validityDays: z.number().int().nullable(),
  period: z.enum(MEMBERSHIP_PERIODS).nullable(),
  rollover: z.enum(ROLLOVER_RULES),
  perMemberLimit: z.number().int().nullable(),
  status: z.enum(FORMULA_STATUSES),
});
export type TFormula = z.infer<typeof ZFormula>;

export const ZFormulaSpace = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  timeZone: z.string(),
});

export const ZSalesSettings = z.object({
  spaceId: z.string(),
  activation: z.enum(ACTIVATION_MOMENTS),
  graceDays: z.number().int(),
  /** Whether members may pause a membership, for how many days at most, with how many days' notice. */
  pauseAllowed: z.boolean(),
  pauseMaxDays: z.number().int(),
  pauseNoticeDays: z.number().int(),
});
export type TSalesSettings = z.infer<typeof ZSalesSettings>;

/** A formula's public page: the formula, its space, and how the space takes payment. */
export const getFormula = defineCallable({
  name: 'formulas.get',
  input: z.object({ id: ZUuid }),
  output: z.object({ formula: ZFormula, space: ZFormulaSpace, settings: ZSalesSettings }),
  mutates: false,
  access: 'public',
});

/** The active formulas of a published space (its page lists them). */
export const listSpaceFormulas = defineCallable({
  name: 'formulas.listForSpace',
  input: z.object({ spaceId: ZUuid }),
  output: z.array(ZFormula),
  mutates: false,
  access: 'public',
});

// ——— Buying ———

export const ZOrder = z.object({
  id: z.string(),
  planId: z.string(),
  periodIndex: z.number().int(),
  status: ZOrderStatus,
  paymentMethod: ZPaymentMethod,
  exclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  lines: z.array(
    z.object({
      label: z.string(),
      quantity: z.number().int(),
      exclVatCents: z.number().int(),
      vatCents: z.number().int(),
      totalCents: z.number().int(),
      vatRateBasisPoints: z.number().int(),
    }),
  ),
});
export type TOrder = z.infer<typeof ZOrder>;

/** Buys a formula: an order with its line, and the plan (active now or once paid, by the space's setting). */
export const buyFormula = defineCallable({
  name: 'formulas.buy',
  input: z.object({
    formulaId: ZUuid,
    paymentMethod: ZPaymentMethod,
    idempotencyKey: ZIdempotencyKey,
  }),
  output: z.object({ order: ZOrder, planId: z.string(), planStatus: ZPlanStatus }),
  mutates: true,
  access: 'signed-in',
});

// ——— What a member holds (/plans) ———

export const ZLot = z.object({
  id: z.string(),
  source: z.enum(LOT_SOURCES),
  unit: ZCreditUnit,
  roomKinds: z.array(ZRoomKind),
  validFrom: z.string(),
  validUntil: z.string(),
  granted: z.number().int(),
  balance: z.number().int(),
  /** The lot can be spent now (valid, plan not suspended, pending or ended). */
  usable: z.boolean(),
});
export type TLot = z.infer<typeof ZLot>;

export const ZLedgerLine = z.object({
  id: z.string(),
  lotId: z.string(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amount: z.number().int(),
  unit: ZCreditUnit,
  occurredAt: z.string(),
  reason: z.string().nullable(),
  reservation: z
    .object({ id: z.string(), roomName: z.string(), startsAt: z.string(), endsAt: z.string() })
    .nullable(),
  /** The event whose place this line paid for or gave back (a registration's debit or refund). */
  event: z
    .object({
      id: z.string(),
      titleFr: z.string(),
      titleEn: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
  /** The lot's balance just after this line. */
  balanceAfter: z.number().int(),
  /** The formula the line's credit belongs to, and its space's zone (the line's dates are read in it). */
  formula: z.object({ id: z.string(), nameFr: z.string(), nameEn: z.string() }),
  timeZone: z.string(),
  /** The end of the line's lot, excluded (its last day of use is the day before: contract/dates.ts). */
  lotValidUntil: z.string(),
});
export type TLedgerLine = z.infer<typeof ZLedgerLine>;

/** A membership's pause: local days `[startsOn, endsOn)` in the space's zone, and where it stands now. */
export const ZPause = z.object({
  id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  days: z.number().int(),
  state: z.enum(PAUSE_STATES),
});
export type TPause = z.infer<typeof ZPause>;

/** What the plan's space allows about pauses (the /plans page offers them from it). */
export const ZPausePolicy = z.object({
  allowed: z.boolean(),
  maxDays: z.number().int(),
  noticeDays: z.number().int(),
});

export const ZPlan = z.object({
  id: z.string(),
  status: ZPlanStatus,
  formula: ZFormula,
  space: ZFormulaSpace,
  periodIndex: z.number().int(),
  periodStartsAt: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  lots: z.array(ZLot),
  orders: z.array(ZOrder),
  /** Usable balance, minutes and entries apart. */
  balance: z.object({ minutes: z.number().int(), entries: z.number().int() }),
  /** Its pauses not cancelled, upcoming, running or ended in the last weeks. */
  pauses: z.array(ZPause),
  pausePolicy: ZPausePolicy,
});
export type TPlan = z.infer<typeof ZPlan>;

export const LEDGER_PAGE_SIZE = 50;

export const listMyPlans = defineCallable({
  name: 'plans.listMine',
  input: z.object({}),
  output: z.object({
    plans: z.array(ZPlan),
    balance: z.object({ minutes: z.number().int(), entries: z.number().int() }),
  }),
  mutates: false,
  access: 'signed-in',
});

/** The ledger, newest first, by keyset pages (`cursor`: the previous page's `nextCursor`). */
export const listMyLedger = defineCallable({
  name: 'plans.ledger',
  input: z.object({ cursor: ZCursor.optional() }),
  output: z.object({ lines: z.array(ZLedgerLine), ...keysetPageFields }),
  mutates: false,
  access: 'signed-in',
});

/** Cancels a membership at the end of its paid period (Code de la consommation L215-1-1); e-mail confirms. */
export const cancelPlan = defineCallable({
  name: 'plans.cancel',
  input: z.object({ planId: ZUuid }),
  output: ZPlan,
  mutates: true,
  access: 'signed-in',
});

/** The days of a pause, as its member picks them: the first day paused, and the day it resumes. */
export const ZPauseDates = z
  .object({ planId: ZUuid, startsOn: ZCalendarDate, endsOn: ZCalendarDate })
  .superRefine(refineRange('startsOn', 'endsOn', { strict: true, orderMessage: 'pause-order' }));

/** What a pause would do, said before the member confirms it. */
export const ZPausePreview = z.object({
  startsOn: z.string(),
  endsOn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  days: z.number().int(),
  /** The end of the period the pause falls in (its renewal date), before and after the pause. */
  renewalBefore: z.string(),
  renewalAfter: z.string(),
  /** The plan's lots still holding credit when the pause begins, and their validity after it. */
  lots: z.array(
    z.object({
      id: z.string(),
      unit: ZCreditUnit,
      balance: z.number().int(),
      validUntilBefore: z.string(),
      validUntilAfter: z.string(),
    }),
  ),
});
export type TPausePreview = z.infer<typeof ZPausePreview>;

/** What pausing a membership on those dates would do (or why it cannot), without changing anything. */
export const previewPause = defineCallable({
  name: 'plans.previewPause',
  input: ZPauseDates,
  output: ZPausePreview,
  mutates: false,
  access: 'signed-in',
});

/** Pauses a membership on those dates (its space must allow it); an e-mail confirms. */
export const pausePlan = defineCallable({
  name: 'plans.pause',
  input: ZPauseDates,
  output: ZPlan,
  mutates: true,
  access: 'signed-in',
});

/** Its member cancels a pause not begun yet, or ends a running one today (the days paused so far count). */
export const endPause = defineCallable({
  name: 'plans.endPause',
  input: z.object({ pauseId: ZUuid }),
  output: ZPlan,
  mutates: true,
  access: 'signed-in',
});

/** What paying a slot with credits would do: null when no usable lot covers it. */
export const ZCreditOption = z.object({
  unit: ZCreditUnit,
  cost: z.number().int(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  enough: z.boolean(),
});
export type TCreditOption = z.infer<typeof ZCreditOption>;

export const getCreditOption = defineCallable({
  name: 'plans.creditOption',
  input: z.object({ roomId: ZUuid, startsAt: ZInstant, endsAt: ZInstant }),
  output: ZCreditOption.nullable(),
  mutates: false,
  access: 'signed-in',
});

// ——— Managers ———

export const listManagedFormulas = defineCallable({
  name: 'formulas.listManaged',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ formulas: z.array(ZFormula), settings: ZSalesSettings }),
  mutates: false,
  access: 'signed-in',
});

export const createFormula = defineCallable({
  name: 'formulas.create',
  input: z.object({ spaceId: ZUuid, formula: ZFormulaForm }),
  output: ZFormula,
  mutates: true,
  access: 'signed-in',
});

export const updateFormula = defineCallable({
  name: 'formulas.update',
  input: z.object({ formulaId: ZUuid, formula: ZFormulaForm }),
  output: ZFormula,
  mutates: true,
  access: 'signed-in',
});

export const setFormulaArchived = defineCallable({
  name: 'formulas.setArchived',
  input: z.object({ formulaId: ZUuid, archived: z.boolean() }),
  output: ZFormula,
  mutates: true,
  access: 'signed-in',
});

export const updateSalesSettings = defineCallable({
  name: 'formulas.updateSettings',
  input: z.object({
    spaceId: ZUuid,
    activation: z.enum(ACTIVATION_MOMENTS),
    graceDays: z.number().int().min(0).max(90),
    /** The pause rules; left as they are when absent. */
    pauseAllowed: z.boolean().optional(),
    pauseMaxDays: z.number().int().min(1).max(MAX_PAUSE_DAYS).optional(),
    pauseNoticeDays: z.number().int().min(0).max(60).optional(),
  }),
  output: ZSalesSettings,
  mutates: true,
  access: 'signed-in',
});

export const ZMemberPlan = ZPlan.extend({
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type TMemberPlan = z.infer<typeof ZMemberPlan>;

/** The plans members hold in a space, with their orders and lots, newest first. */
export const listSpacePlans = defineCallable({
  name: 'plans.listForSpace',
  input: z.object({ spaceId: ZUuid }),
  output: z.array(ZMemberPlan),
  mutates: false,
  access: 'signed-in',
});

export const markOrderPaid = defineCallable({
  name: 'orders.markPaid',
  input: z.object({ orderId: ZUuid }),
  output: ZOrder,
  mutates: true,
  access: 'signed-in',
});

/** A manager adds or takes credit on a lot, saying why (a new ledger line, never an edit). */
export const adjustCredits = defineCallable({
  name: 'credits.adjust',
  input: z.object({
    lotId: ZUuid,
    amount: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((value) => value !== 0, 'not-zero'),
    reason: ZText.trim().min(3).max(MAX_ADJUSTMENT_REASON),
  }),
  output: ZLot,
  mutates: true,
  access: 'signed-in',
});

// ——— Formatting ———

export { formatCredit } from './formulas.plain';

export { formulaName, formulaPath } from './formulas.plain';
