import { creditorIdProblem } from '#contract/sepa-identifiers';
import type { Db } from '../../db/client';
import { findSpaceSummary } from '../../db/space-summary';
import type { Tx } from '../../db/transaction';
import { legalIdentityGaps, legalIdentityOf } from '../../billing/parties';

/** The space as a SEPA creditor: the legal identity its collections and mandates name. */
export interface Creditor {
  spaceName: string;
  timeZone: string;
  /** The legal name (the space's name until it has one). */
  name: string;
  creditorId: string;
  iban: string;
  bic: string;
  prenotificationDays: number;
  recollectReturned: boolean;
  /** Its legal identity is complete, with a valid creditor identifier and an IBAN: it takes direct debits. */
  ready: boolean;
}

/** The space's creditor, or null when the id names no space. */
export async function creditorOf(db: Db | Tx, spaceId: string): Promise<Creditor | null> {
  const [space, identity] = await Promise.all([findSpaceSummary(db, spaceId), legalIdentityOf(db, spaceId)]);
  if (!space) return null;
  const creditorId = identity?.sepaCreditorId ?? '';
  return {
    spaceName: space.name,
    timeZone: space.timeZone,
    name: identity?.legalName || space.name,
    creditorId,
    iban: identity?.iban ?? '',
    bic: identity?.bic ?? '',
    prenotificationDays: identity?.sepaPrenotificationDays ?? 14,
    recollectReturned: identity?.sepaRecollectReturned ?? false,
    ready:
      legalIdentityGaps(identity).length === 0 && creditorId !== '' && creditorIdProblem(creditorId) === null,
  };
}
