import { sql, type SQL } from 'drizzle-orm';
import { GENESIS_FOOTPRINT } from '#contract/invoices.plain';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ChainHead, LedgerAnchorHeads, TriggerChainedLedger } from '../db/schema/ledgers';
import type { Tx } from '../db/transaction';
import {
  firstNumberWithoutDocument,
  readJournal,
  walkChain,
  type ChainBreak,
  type StoredLink,
} from './chain';
import { sha256Hex } from './journal';

/**
 * The credit ledger and the activity log, chained by database triggers (migration 0031), and the anchor a
 * monthly closing takes of a space's three chains (docs/decisions/027).
 *
 * The content of a row is recomputed here by this module's own SQL, not by the functions the triggers use:
 * a function replaced in the database cannot make a changed row look as inserted. Both must write the same
 * JSON (PostgreSQL's jsonb text, keys in its order), which the tests check on every kind of row.
 */

const instant = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ACTIVITY_CONTENT = sql.raw(`jsonb_build_object(
  'id', id, 'occurredAt', ${instant('occurred_at')}, 'kind', kind, 'actorType', actor_type,
  'subjectType', subject_type, 'subjectId', subject_id, 'spaceId', space_id,
  'requestId', request_id, 'chainPosition', chain_position, 'valuesDigest', values_digest)::text`);

const ACTIVITY_VALUES = sql.raw(`jsonb_build_object(
  'actorId', actor_id, 'aboutUserId', about_user_id, 'actorIp', actor_ip,
  'changes', changes, 'details', details, 'anonymisedAt', ${instant('anonymised_at')})::text`);

const CREDIT_CONTENT = sql.raw(`jsonb_build_object(
  'id', id, 'spaceId', space_id, 'lotId', lot_id, 'userId', user_id, 'kind', kind,
  'amount', amount, 'reservationId', reservation_id, 'registrationId', registration_id,
  'registrationRound', registration_round, 'orderId', order_id, 'reason', reason,
  'actorId', actor_id, 'occurredAt', ${instant('occurred_at')},
  'chainPosition', chain_position)::text`);

/** The platform's activity chain: entries that name no space. */
export const PLATFORM_SCOPE = '';

interface TriggerChainedLink extends StoredLink {
  id: string;
  content: string;
  values: string | null;
  valuesDigest: string | null;
  anonymised: boolean;
}

interface LinkRow extends Record<string, unknown> {
  id: string | number;
  position: string | number;
  previous: string;
  footprint: string;
  content: string;
  values: string | null;
  values_digest: string | null;
  anonymised: boolean | null;
}

function readLinks(db: Db | Tx, ledger: TriggerChainedLedger, scope: string): Promise<LinkRow[]> {
  if (ledger === 'credit')
    return rowsOf<LinkRow>(
      db,
      sql`SELECT id, chain_position AS position, previous_footprint AS previous, footprint,
            ${CREDIT_CONTENT} AS content, NULL AS values, NULL AS values_digest, NULL AS anonymised
          FROM credit_entries WHERE space_id = ${scope}::uuid ORDER BY chain_position`,
    );
  const inScope: SQL = scope === PLATFORM_SCOPE ? sql`space_id IS NULL` : sql`space_id = ${scope}::uuid`;
  return rowsOf<LinkRow>(
    db,
    sql`SELECT id, chain_position AS position, previous_footprint AS previous, footprint,
          ${ACTIVITY_CONTENT} AS content, ${ACTIVITY_VALUES} AS values, values_digest,
          anonymised_at IS NOT NULL AS anonymised
        FROM activity_entries WHERE ${inScope} ORDER BY chain_position`,
  );
}

async function readHead(db: Db | Tx, ledger: TriggerChainedLedger, scope: string): Promise<ChainHead | null> {
  const [head] = await rowsOf<{ last_position: string | number; last_footprint: string }>(
    db,
    sql`SELECT last_position, last_footprint FROM ledger_heads WHERE ledger = ${ledger} AND scope = ${scope}`,
  );
  return head ? { position: Number(head.last_position), footprint: head.last_footprint } : null;
}

export interface LedgerReport {
  ledger: 'journal' | TriggerChainedLedger;
  intact: boolean;
  checked: number;
  /** Where it breaks: the entry's id when there is one (a removed entry has none). */
  brokenAt: {
    /** Null for a number without its document (`counter`). */
    position: number | null;
    /** The entry's id (a document's number in the journal), or the number missing for `counter`. */
    id: string | null;
    problem: ChainBreak<unknown>['problem'] | 'counter' | 'anchor';
  } | null;
  /** The stored footprint at each position walked (index 0 is position 1). */
  footprints: string[];
}

/**
 * Walks a space's credit or activity chain (or the platform's activity) against its recorded head: a row
 * changed, removed or added with the triggers off is reported. An activity entry's values (people, address,
 * changes, details) are checked against the digest taken at its insert until an account deletion
 * anonymises them; its link covers that digest and the rest of the row for good.
 */
export async function verifyTriggerChain(
  db: Db | Tx,
  ledger: TriggerChainedLedger,
  scope: string,
): Promise<LedgerReport> {
  const [rows, head] = await Promise.all([readLinks(db, ledger, scope), readHead(db, ledger, scope)]);
  const links: TriggerChainedLink[] = rows.map((row) => ({
    id: String(row.id),
    position: Number(row.position),
    previous: row.previous,
    footprint: row.footprint,
    content: row.content,
    values: row.values,
    valuesDigest: row.values_digest,
    anonymised: row.anonymised === true,
  }));
  const walk = walkChain(links, head, (link) => {
    if (sha256Hex(link.previous + link.content) !== link.footprint) return 'footprint';
    if (ledger === 'activity' && !link.anonymised && sha256Hex(link.values ?? '') !== link.valuesDigest)
      return 'values';
    return null;
  });
  return {
    ledger,
    intact: !walk.broken,
    checked: walk.checked,
    brokenAt: walk.broken
      ? { position: walk.broken.position, id: walk.broken.entry?.id ?? null, problem: walk.broken.problem }
      : null,
    footprints: walk.footprints,
  };
}

/** The space's journal as a ledger report: its walk to its head, then its counters. */
async function verifyJournal(db: Db | Tx, spaceId: string): Promise<LedgerReport> {
  const { entries, head } = await readJournal(db, spaceId);
  const walk = walkChain(entries, head, (entry) =>
    entry.computed() === entry.footprint ? null : 'footprint',
  );
  const missing = walk.broken ? null : await firstNumberWithoutDocument(db, spaceId);
  if (missing) {
    return {
      ledger: 'journal',
      intact: false,
      checked: walk.checked,
      brokenAt: { position: null, id: missing, problem: 'counter' },
      footprints: walk.footprints,
    };
  }
  return {
    ledger: 'journal',
    intact: !walk.broken,
    checked: walk.checked,
    brokenAt: walk.broken
      ? {
          position: walk.broken.position,
          id: walk.broken.entry?.number ?? walk.broken.entry?.id ?? null,
          problem: walk.broken.problem,
        }
      : null,
    footprints: walk.footprints,
  };
}

/** A space's three chains: the invoice journal, the credit ledger, the activity log. */
export async function verifySpaceLedgers(db: Db | Tx, spaceId: string): Promise<LedgerReport[]> {
  return [
    await verifyJournal(db, spaceId),
    await verifyTriggerChain(db, 'credit', spaceId),
    await verifyTriggerChain(db, 'activity', spaceId),
  ];
}

/** Every space with a chain begun (journal, credit or activity), for `verify-ledger` without arguments. */
export async function spacesWithChains(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ space_id: string }>(
    db,
    sql`SELECT space_id::text FROM journal_heads
        UNION SELECT scope FROM ledger_heads WHERE scope <> ${PLATFORM_SCOPE}
        ORDER BY 1`,
  );
  return rows.map((row) => row.space_id);
}

/**
 * The heads of a space's three chains now, for a closing to keep. In the closing's transaction, after its
 * own activity entry: the journal's head is locked by the closing, the others are what has committed.
 */
export async function currentHeads(db: Db | Tx, spaceId: string): Promise<LedgerAnchorHeads> {
  const [journal] = await rowsOf<{ last_position: string | number; last_footprint: string }>(
    db,
    sql`SELECT last_position, last_footprint FROM journal_heads WHERE space_id = ${spaceId}`,
  );
  const genesis = { position: 0, footprint: GENESIS_FOOTPRINT };
  return {
    journal: journal
      ? { position: Number(journal.last_position), footprint: journal.last_footprint }
      : genesis,
    credit: (await readHead(db, 'credit', spaceId)) ?? genesis,
    activity: (await readHead(db, 'activity', spaceId)) ?? genesis,
  };
}

/**
 * An anchor as the owners keep it and `verify-ledger --anchor` reads it: one line without spaces or shell
 * characters, `escale-anchor:<space>:journal-<position>-<footprint>:credit-…:activity-…`.
 */
export interface LedgerAnchor {
  spaceId: string;
  heads: LedgerAnchorHeads;
}

const LEDGERS = ['journal', 'credit', 'activity'] as const;

export function anchorText(anchor: LedgerAnchor): string {
  const parts = LEDGERS.map(
    (ledger) => `${ledger}-${anchor.heads[ledger].position}-${anchor.heads[ledger].footprint}`,
  );
  return ['escale-anchor', anchor.spaceId, ...parts].join(':');
}

const ANCHOR =
  /^escale-anchor:([0-9a-f-]{36}):journal-(\d+)-([0-9a-f]{64}):credit-(\d+)-([0-9a-f]{64}):activity-(\d+)-([0-9a-f]{64})$/;

/** The anchor in a line (as `anchorText` writes it), or null when the line is not one. */
export function parseAnchor(text: string): LedgerAnchor | null {
  const match = ANCHOR.exec(text.trim());
  if (!match) return null;
  const head = (position: string, footprint: string) => ({ position: Number(position), footprint });
  return {
    spaceId: match[1]!,
    heads: {
      journal: head(match[2]!, match[3]!),
      credit: head(match[4]!, match[5]!),
      activity: head(match[6]!, match[7]!),
    },
  };
}

/**
 * A space's chains checked, and against an anchor kept outside the database when one is given: each chain
 * must still hold, at the anchored position, the footprint the anchor names. A chain recomputed after the
 * anchor (rows changed, then every footprint and the head rewritten to match) walks intact but no longer
 * has that footprint there: `anchor`. So does a chain cut below the anchored position.
 */
export async function verifyAgainstAnchor(db: Db | Tx, anchor: LedgerAnchor): Promise<LedgerReport[]> {
  const reports = await verifySpaceLedgers(db, anchor.spaceId);
  return reports.map((report) => {
    if (!report.intact) return report;
    const anchored = anchor.heads[report.ledger];
    const found = anchored.position === 0 ? GENESIS_FOOTPRINT : report.footprints[anchored.position - 1];
    if (found === anchored.footprint) return report;
    return {
      ...report,
      intact: false,
      brokenAt: { position: anchored.position, id: null, problem: 'anchor' as const },
    };
  });
}

const PROBLEMS: Record<NonNullable<LedgerReport['brokenAt']>['problem'], string> = {
  gap: 'a position is missing before it',
  link: 'it does not name the footprint before it',
  footprint: 'its content no longer gives its footprint',
  values: 'its values no longer give the digest taken at its insert',
  head: 'the chain stops before (or runs past) its recorded head: newest entries removed',
  counter: 'this number was given and has no document',
  anchor: 'the footprint there is not the anchor’s: the chain was rewritten after the anchor',
};

/** One line of `verify-ledger`'s report. */
export function describeLedgerReport(label: string, report: LedgerReport): string {
  if (report.intact) return `${label} ${report.ledger}: intact (${report.checked} entries)`;
  const at = report.brokenAt!;
  const where =
    at.position === null ? `number ${at.id}` : `position ${at.position}${at.id ? ` (${at.id})` : ''}`;
  return `${label} ${report.ledger}: BROKEN at ${where}: ${PROBLEMS[at.problem]}`;
}
