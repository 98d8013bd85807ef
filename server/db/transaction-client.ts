import pg from 'pg';

/**
 * node-postgres's client, whose transactions spend no round trip of their own on BEGIN and, when asked, on
 * COMMIT (docs/decisions/036): a unit of work was BEGIN, its statements and COMMIT, each a message to
 * PostgreSQL and a wait for its answer, with every lock taken waiting for that last exchange.
 *
 * - BEGIN (as Drizzle's `transaction` sends it) is held and sent with the transaction's first statement,
 *   in one batch of the extended protocol ending with one Sync: PostgreSQL runs them in order and, should
 *   BEGIN fail, skips the statement (it never runs outside the transaction). A first statement without
 *   parameters (a migration's, say) may hold several commands, which the extended protocol refuses: BEGIN
 *   then goes first, on its own, as before.
 * - `commitWithNextStatement` makes the next statement carry the COMMIT the same way: the statement, then
 *   COMMIT, then one Sync. Should the statement fail, COMMIT is skipped and the transaction rolls back as
 *   any failed one does (Drizzle sends ROLLBACK); once committed, Drizzle's own COMMIT is answered here.
 *
 * Everything else goes through node-postgres untouched. `openPostgres` gives its pool this client.
 */
export class TransactionClient extends pg.Client {
  /** The BEGIN held for the transaction's first statement, or null. */
  #begin: string | null = null;
  /** Whether the next statement carries the COMMIT. */
  #commitNext = false;
  /** Whether the last statement committed the transaction (Drizzle's COMMIT then has nothing to do). */
  #committed = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // node-postgres's overloads cannot be named generically: the arguments go on as they came.
    const send = this.query.bind(this) as unknown as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => this.#query(send, args)) as unknown as pg.Client['query'];
  }

  /** The next statement sent carries the transaction's COMMIT (see above). */
  commitWithNextStatement(): void {
    this.#commitNext = true;
  }

  #query(send: (...args: unknown[]) => unknown, args: unknown[]): unknown {
    const [config, values] = args;
    // Callbacks and custom submittables (cursors, streams) are node-postgres's business alone.
    if (args.length > 2 || typeof values === 'function' || isSubmittable(config)) return send(...args);
    const query = queryConfigOf(config, values);
    const command = controlCommandOf(query);
    if (command === 'begin') {
      this.#begin = query.text;
      this.#committed = false;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (command === 'commit' && (this.#committed || this.#begin !== null)) {
      // Committed with the last statement, or a transaction that sent nothing.
      this.#committed = false;
      this.#begin = null;
      return Promise.resolve(emptyResult('COMMIT'));
    }
    if (command === 'rollback' && this.#begin !== null) {
      this.#begin = null;
      return Promise.resolve(emptyResult('ROLLBACK'));
    }
    const begin = this.#begin;
    const commit = this.#commitNext;
    this.#begin = null;
    this.#commitNext = false;
    if (begin === null && !commit) return send(...args);
    if (!usesExtendedProtocol(query)) return this.#inTurn(send, args, begin, commit);
    return new Promise((resolve, reject) => {
      const riding = new RidingQuery(query, { begin, commit }, (error, result) => {
        if (error) return reject(error);
        if (commit) this.#committed = true;
        resolve(result);
      });
      send(riding);
    });
  }

  /** BEGIN, the statement, COMMIT, each on its own (a statement the extended protocol cannot carry). */
  async #inTurn(
    send: (...args: unknown[]) => unknown,
    args: unknown[],
    begin: string | null,
    commit: boolean,
  ): Promise<unknown> {
    if (begin !== null) await send(begin);
    const result = await send(...args);
    if (commit) {
      await send('COMMIT');
      this.#committed = true;
    }
    return result;
  }
}

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  queryMode?: string;
}

function isSubmittable(config: unknown): boolean {
  return typeof (config as { submit?: unknown } | null)?.submit === 'function';
}

function queryConfigOf(config: unknown, values: unknown): QueryConfig {
  const query = typeof config === 'string' ? { text: config } : { ...(config as QueryConfig) };
  if (Array.isArray(values)) query.values = values;
  return query;
}

/** BEGIN, COMMIT or ROLLBACK as Drizzle's transactions send them (no parameters, no name); else null. */
function controlCommandOf(query: QueryConfig): 'begin' | 'commit' | 'rollback' | null {
  if (query.name || query.values?.length || query.text.length > 64) return null;
  const text = query.text.trim().toLowerCase();
  if (text === 'begin' || text.startsWith('begin ')) return 'begin';
  if (text === 'commit') return 'commit';
  if (text === 'rollback') return 'rollback';
  return null;
}

/** Whether node-postgres sends this statement with the extended protocol (as `Query#requiresPreparation`). */
function usesExtendedProtocol(query: QueryConfig): boolean {
  return query.queryMode === 'extended' || Boolean(query.name) || Boolean(query.values?.length);
}

const emptyResult = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/** The parts of node-postgres's Query (lib/query.js) and Connection this module drives; not in @types/pg. */
interface ProtocolConnection {
  parse(message: { text: string; name?: string; types?: unknown[] }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}
interface QueryInternals {
  name?: string;
  text: string;
  types?: unknown;
  portal: string;
  callback?: (error: Error | null, result?: unknown) => void;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  prepare(connection: ProtocolConnection): void;
  handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void;
  handleReadyForQuery(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
}
const BaseQuery = pg.Query as unknown as new (
  config: QueryConfig,
  values: undefined,
  callback: (error: Error | null, result?: unknown) => void,
) => QueryInternals;

/**
 * A statement sent with the BEGIN before it and/or the COMMIT after it, under one Sync. The answers to BEGIN
 * and COMMIT are kept out of the statement's result.
 */
class RidingQuery extends BaseQuery {
  /** What it carries besides the statement (read by the booking benchmark's listing, bench/profile.ts). */
  readonly ride: { begin: string | null; commit: boolean };
  #begun = false;
  #done = false;
  #notCommitted = false;

  constructor(
    query: QueryConfig,
    ride: { begin: string | null; commit: boolean },
    callback: (error: Error | null, result?: unknown) => void,
  ) {
    super(query, undefined, callback);
    this.ride = ride;
  }

  override prepare(connection: ProtocolConnection): void {
    const { begin } = this.ride;
    if (begin !== null) {
      // A named statement is parsed first, so that node-postgres's record of what this connection has
      // parsed (one ParseComplete per Parse, read in order) stays true whichever message fails.
      if (this.name && !this.hasBeenParsed(connection)) {
        connection.parse({ text: this.text, name: this.name, types: this.types as unknown[] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.parse({ text: begin, name: '' });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '' });
    }
    super.prepare(connection);
  }

  override _getRows(connection: ProtocolConnection, rows?: number): void {
    if (!this.ride.commit || rows) return super._getRows(connection, rows);
    connection.execute({ portal: this.portal });
    connection.parse({ text: 'COMMIT', name: '' });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '' });
    connection.sync();
  }

  override handleCommandComplete(message: { text: string }, connection: ProtocolConnection): void {
    if (this.ride.begin !== null && !this.#begun) {
      this.#begun = true;
      return;
    }
    if (this.#done) {
      // COMMIT's answer: anything else (ROLLBACK, for a transaction already failed) is a failure.
      if (message.text !== 'COMMIT') this.#notCommitted = true;
      return;
    }
    this.#done = true;
    super.handleCommandComplete(message, connection);
  }

  override handleReadyForQuery(connection: ProtocolConnection): void {
    if (this.#notCommitted && this.callback) {
      const callback = this.callback;
      this.callback = undefined;
      callback(new Error('the transaction was rolled back instead of committed'));
      return;
    }
    super.handleReadyForQuery(connection);
  }
}
