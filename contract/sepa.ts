import { z } from './zod';
import { defineCallable } from './callable';
import { ZCalendarDate, ZText, ZUuid } from './input';
import { ibanProblem, normalizeIban } from './sepa-identifiers';
import { MANDATE_STATUSES, SEQUENCE_TYPES, COLLECTION_OUTCOMES } from './sepa.plain';

/**
 * SEPA direct debit (docs/decisions/032-sepa-direct-debit.md): members' mandates and the space's collections.
 * Amounts are integer cents; dates are the space's calendar days.
 */

/** Why a SEPA operation was refused, in `details.reason` (translated by the browser, `sepa:refusals`). */
export const SEPA_REFUSALS = [
  'creditor-not-ready', // the space has no creditor identifier, IBAN or complete legal identity yet
  'not-a-member',
  'no-mandate',
  'too-soon', // with `details.earliest`: the first collection date the pre-notification delay allows
  'nothing-due',
] as const;

/** The IBAN a member types, in its electronic form, refused with `iban-<problem>` when it is not one. */
export const ZIban = z
  .string()
  .max(50)
  .transform(normalizeIban)
  .superRefine((iban, context) => {
    const problem = ibanProblem(iban);
    if (problem) context.addIssue({ code: 'custom', message: `iban-${problem}` });
  });

export const ZMandateForm = z.object({
  debtorName: ZText.trim().min(1, 'name-required').max(70),
  iban: ZIban,
  /** The member ticked "I sign this mandate": the text they read is the one e-mailed to them. */
  accepted: z.literal(true, 'accept-required'),
});

/** A mandate's current version as its member and the space's managers see it: the IBAN masked. */
export const ZMandate = z.object({
  id: z.string(),
  reference: z.string(),
  version: z.number().int(),
  status: z.enum(MANDATE_STATUSES),
  debtorName: z.string(),
  maskedIban: z.string(),
  signedOn: z.string(),
  recordedAt: z.string(),
});
export type TMandate = z.output<typeof ZMandate>;

/** A space a member may sign a mandate to: its creditor's name and identifier, and their mandate if any. */
export const ZMandateSpace = z.object({
  spaceId: z.string(),
  spaceName: z.string(),
  creditorName: z.string(),
  creditorId: z.string(),
  /** The space takes direct debits: its legal identity is complete, with a creditor identifier and an IBAN. */
  ready: z.boolean(),
  /** The mandate's text the member signs, in their language (the one their confirmation e-mail carries). */
  mandateText: z.array(z.string()),
  mandate: ZMandate.nullable(),
});
export type TMandateSpace = z.output<typeof ZMandateSpace>;

export const listMyMandates = defineCallable({
  name: 'sepa.listMine',
  input: z.object({}),
  output: z.object({ spaces: z.array(ZMandateSpace) }),
  mutates: false,
  access: 'signed-in',
});

/** Signs a mandate to the space, or a new version of the active one (a new name or account). */
export const signMandate = defineCallable({
  name: 'sepa.sign',
  input: ZMandateForm.extend({ spaceId: ZUuid }),
  output: ZMandate,
  mutates: true,
  access: 'signed-in',
});

export const revokeMandate = defineCallable({
  name: 'sepa.revoke',
  input: z.object({ spaceId: ZUuid }),
  output: ZMandate,
  mutates: true,
  access: 'signed-in',
});

/** A member of the space and their mandate (its current version; null when they never signed one). */
export const ZMemberMandate = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  mandate: ZMandate.nullable(),
});
export type TMemberMandate = z.output<typeof ZMemberMandate>;

export const listSpaceMandates = defineCallable({
  name: 'sepa.listSpace',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({ members: z.array(ZMemberMandate) }),
  mutates: false,
  access: 'signed-in',
});

/** One debit a collection holds (or would hold). */
export const ZCollectionLine = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  dueDate: z.string(),
  memberName: z.string(),
  mandateReference: z.string(),
  amountCents: z.number().int(),
  sequenceType: z.enum(SEQUENCE_TYPES),
  outcome: z.enum(COLLECTION_OUTCOMES).nullable(),
});
export type TCollectionLine = z.output<typeof ZCollectionLine>;

export const ZCollectionSummary = z.object({
  id: z.string(),
  messageId: z.string(),
  collectionDate: z.string(),
  createdAt: z.string(),
  transactions: z.number().int(),
  controlSumCents: z.number().int(),
  fileName: z.string(),
});
export type TCollectionSummary = z.output<typeof ZCollectionSummary>;

/** What a collection at `collectionDate` would take: the invoices due by then of members with a mandate. */
export const previewCollection = defineCallable({
  name: 'sepa.previewCollection',
  input: z.object({ spaceId: ZUuid, collectionDate: ZCalendarDate }),
  output: z.object({
    /** The first collection date the pre-notification delay allows from today. */
    earliest: z.string(),
    lines: z.array(ZCollectionLine),
    totalCents: z.number().int(),
  }),
  mutates: false,
  access: 'signed-in',
});

/** Records the collection, writes its pain.008 file and pre-notifies each member. */
export const createCollection = defineCallable({
  name: 'sepa.createCollection',
  input: z.object({ spaceId: ZUuid, collectionDate: ZCalendarDate }),
  output: ZCollectionSummary,
  mutates: true,
  access: 'signed-in',
});

export const listCollections = defineCallable({
  name: 'sepa.listCollections',
  input: z.object({ spaceId: ZUuid }),
  output: z.object({
    earliest: z.string(),
    prenotificationDays: z.number().int(),
    ready: z.boolean(),
    collections: z.array(ZCollectionSummary),
  }),
  mutates: false,
  access: 'signed-in',
});

/** Where a collection's pain.008 file is downloaded (managers of its space). */
export function collectionFileUrl(collectionId: string): string {
  return `/api/sepa/collections/${collectionId}/pain.008.xml`;
}
