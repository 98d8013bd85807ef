import { inclVat } from '#contract/money';

/**
 * Escale's offer to space managers: the one place its numbers live. Prices are monthly, in euro cents,
 * excluding VAT (French B2B custom); the page derives the VAT-inclusive and yearly prices from them.
 */
export const VAT_RATE_BASIS_POINTS = 2000;

/** Paying for a year costs this many months: two months free. */
export const ANNUAL_MONTHS_BILLED = 10;

/** What a plan offers, each a label in `content:pricing.features.<key>`. */
export type PlanFeature =
  | 'bookings'
  | 'hoursClosures'
  | 'formulasCredit'
  | 'invoices'
  | 'membersDirectory'
  | 'events'
  | 'documents'
  | 'statistics'
  | 'branding'
  | 'approvals'
  | 'allSpacesOneAccount'
  | 'prioritySupport'
  | 'onboarding';

export interface Plan {
  id: 'essential' | 'pro' | 'network';
  monthlyCentsExclVat: number;
  /** Spaces the plan covers. */
  spaces: number;
  /** Monthly price of each space beyond `spaces`; null when the plan cannot grow. */
  extraSpaceCentsExclVat: number | null;
  /** Rooms, offices and desks that can be booked; null for no limit. */
  bookableUnits: number | null;
  features: PlanFeature[];
  recommended: boolean;
}

const ESSENTIAL_FEATURES: PlanFeature[] = [
  'bookings',
  'hoursClosures',
  'formulasCredit',
  'invoices',
  'membersDirectory',
];
const PRO_FEATURES: PlanFeature[] = [
  ...ESSENTIAL_FEATURES,
  'approvals',
  'events',
  'documents',
  'statistics',
  'branding',
];

export const PLANS: Plan[] = [
  {
    id: 'essential',
    monthlyCentsExclVat: 2900,
    spaces: 1,
    extraSpaceCentsExclVat: null,
    bookableUnits: 5,
    features: ESSENTIAL_FEATURES,
    recommended: false,
  },
  {
    id: 'pro',
    monthlyCentsExclVat: 7900,
    spaces: 1,
    extraSpaceCentsExclVat: null,
    bookableUnits: null,
    features: PRO_FEATURES,
    recommended: true,
  },
  {
    id: 'network',
    monthlyCentsExclVat: 19900,
    spaces: 5,
    extraSpaceCentsExclVat: 3500,
    bookableUnits: null,
    features: [...PRO_FEATURES, 'allSpacesOneAccount', 'prioritySupport', 'onboarding'],
    recommended: false,
  },
];

/** Included in every plan, whatever its price. */
export const INCLUDED_EVERYWHERE = [
  'noCommission',
  'noCommitment',
  'unlimitedMembers',
  'bilingual',
  'dataExport',
  'updates',
] as const;

export function inclVatOfPlan(centsExclVat: number): number {
  return inclVat(centsExclVat, VAT_RATE_BASIS_POINTS);
}

export function yearlyCentsExclVat(plan: Plan): number {
  return plan.monthlyCentsExclVat * ANNUAL_MONTHS_BILLED;
}
