import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The ledgers chained by database triggers (migration 0031); the invoice journal has its own heads. */
export const TRIGGER_CHAINED_LEDGERS = ['credit', 'activity'] as const;
export type TriggerChainedLedger = (typeof TRIGGER_CHAINED_LEDGERS)[number];

/** A chain's last link: its position and footprint. */
export interface ChainHead {
  position: number;
  footprint: string;
}

/** What a closing anchors: the head of each of the space's chains then. */
export interface LedgerAnchorHeads {
  journal: ChainHead;
  credit: ChainHead;
  activity: ChainHead;
}

/**
 * The last link of each trigger-chained ledger per scope (a space's id, or '' for the platform's activity
 * that names no space): written only by the chaining triggers (SECURITY DEFINER, migration 0031), read by
 * `verify-ledger`, which reports a chain that stops before its head (docs/decisions/027).
 */
export const ledgerHeads = pgTable(
  'ledger_heads',
  {
    ledger: text('ledger', { enum: TRIGGER_CHAINED_LEDGERS }).notNull(),
    scope: text('scope').notNull(),
    lastPosition: bigint('last_position', { mode: 'number' }).notNull(),
    lastFootprint: text('last_footprint').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ledger, table.scope] })],
);
