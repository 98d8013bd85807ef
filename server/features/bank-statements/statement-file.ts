import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { centsOfEuros } from '#contract/money';
import type { StatementFormat, StatementLineKind } from '#contract/bank-statements.plain';
import { withoutByteOrderMark } from '../../platform/csv';

/**
 * Reading a bank statement file (docs/decisions/033): ISO 20022 camt.053 (end-of-day statement) and
 * camt.054 (debit/credit notification), any version from .001.02 on, and the French CFONB 120. Pure: the
 * text in, the statement's lines out, each with a key that names it among every file of the same account
 * (the bank's own reference when it gives one), so the same transaction seen in a camt.054 and then in the
 * camt.053 of that day is recorded once.
 */

export interface StatementLine {
  /** Unique per account across files: the bank's reference, or a digest of what the line says. */
  key: string;
  kind: StatementLineKind;
  /** Positive: money in (a transfer, a collected direct debit); negative: money out (a return). */
  amountCents: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  counterpartyName: string;
  counterpartyIban: string;
  /** The remittance information, unstructured lines and structured references joined by spaces. */
  remittance: string;
  endToEndId: string;
  mandateId: string;
  /** An R-transaction's ISO reason code (AM04, MD01, AC04…); empty otherwise. */
  reasonCode: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** Names the file among the account's statements: message and statement ids, or the file's digest. */
  identity: string;
  accountIban: string;
  fromDate: string | null;
  toDate: string | null;
  lines: StatementLine[];
}

export class StatementFileError extends Error {
  constructor(readonly reason: 'unknown-format' | 'unreadable' | 'no-account') {
    super(`Statement file refused: ${reason}`);
  }
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);

/** Reads a statement file whatever its format, told by its content. */
export function parseStatementFile(text: string): ParsedStatement {
  const content = withoutByteOrderMark(text).trim();
  if (content.startsWith('<')) return parseCamt(content);
  if (/^01\d{5}/.test(content)) return parseCfonb120(content);
  throw new StatementFileError('unknown-format');
}

// ——— ISO 20022 camt.053 / camt.054 ———

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Bal']);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The node at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isNode(current)) return undefined;
    current = current[name];
  }
  return Array.isArray(current) ? current[0] : current;
}

/** A leaf's text: an element with attributes keeps its text in `#text`. */
function textAt(node: unknown, ...path: string[]): string {
  const value = at(node, ...path);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return '';
}

function list(node: unknown, name: string): Node[] {
  if (!isNode(node)) return [];
  const value = node[name];
  if (Array.isArray(value)) return value.filter(isNode);
  return isNode(value) ? [value] : [];
}

function amountOf(node: unknown): { cents: number; currency: string } | null {
  const value = at(node);
  const text = textAt(value);
  // ISO 20022 amounts: digits, a dot, at most the currency's two decimals.
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(text)) return null;
  const cents = centsOfEuros(text);
  if (cents === null) return null;
  const currency = isNode(value) && typeof value['@Ccy'] === 'string' ? value['@Ccy'] : '';
  return { cents, currency };
}

const dateOf = (node: unknown) => (textAt(node, 'Dt') || textAt(node, 'DtTm')).slice(0, 10);

/** A party's name in camt.053.001.02 (`Dbtr/Nm`) and from .001.08 on (`Dbtr/Pty/Nm`). */
const partyName = (parties: unknown, role: string) =>
  textAt(parties, role, 'Nm') || textAt(parties, role, 'Pty', 'Nm');

function remittanceOf(transaction: unknown): string {
  const info = at(transaction, 'RmtInf');
  if (!isNode(info)) return '';
  const parts: string[] = [];
  for (const line of (Array.isArray(info.Ustrd) ? info.Ustrd : [info.Ustrd]).filter(Boolean))
    parts.push(typeof line === 'string' ? line : textAt(line));
  for (const structured of list(info, 'Strd')) {
    parts.push(textAt(structured, 'CdtrRefInf', 'Ref'));
    for (const document of list(structured, 'RfrdDocInf')) parts.push(textAt(document, 'Nb'));
    const additional = structured.AddtlRmtInf;
    if (typeof additional === 'string') parts.push(additional);
  }
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

/** ISO bank transaction codes (domain PMNT) that say a direct debit this account issued came back. */
const RETURN_SUBFAMILIES = new Set(['UPDD', 'PRDD', 'RRTN', 'ARET']);

function kindOf(entry: Node, transaction: Node, credit: boolean, reversal: boolean): StatementLineKind {
  const family = textAt(entry, 'BkTxCd', 'Domn', 'Fmly', 'Cd');
  const subFamily = textAt(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd');
  const returned = textAt(transaction, 'RtrInf', 'Rsn', 'Cd') !== '';
  if (!credit && (returned || reversal || RETURN_SUBFAMILIES.has(subFamily))) return 'return';
  if (!credit) return 'debit';
  if (family === 'IDDT' || textAt(transaction, 'Refs', 'MndtId') !== '') return 'collection';
  return 'transfer';
}

function parseCamt(content: string): ParsedStatement {
  let document: unknown;
  try {
    document = at(xml.parse(content, true), 'Document');
  } catch {
    throw new StatementFileError('unreadable');
  }
  const statementMessage = at(document, 'BkToCstmrStmt');
  const notification = at(document, 'BkToCstmrDbtCdtNtfctn');
  const message = statementMessage ?? notification;
  if (!isNode(message)) throw new StatementFileError('unknown-format');
  const format: StatementFormat = statementMessage ? 'camt.053' : 'camt.054';
  const reports = list(message, statementMessage ? 'Stmt' : 'Ntfctn');
  const first = reports[0];
  const accountIban = textAt(first, 'Acct', 'Id', 'IBAN').replace(/\s/g, '').toUpperCase();
  if (!accountIban) throw new StatementFileError('no-account');
  const lines: StatementLine[] = [];
  let fromDate: string | null = null;
  let toDate: string | null = null;
  for (const report of reports) {
    const from = textAt(report, 'FrToDt', 'FrDtTm').slice(0, 10);
    const to = textAt(report, 'FrToDt', 'ToDtTm').slice(0, 10);
    if (from && (!fromDate || from < fromDate)) fromDate = from;
    if (to && (!toDate || to > toDate)) toDate = to;
    for (const [entryIndex, entry] of list(report, 'Ntry').entries()) {
      const status = textAt(entry, 'Sts') || textAt(entry, 'Sts', 'Cd');
      // Pending and informational entries are not money yet.
      if (status && status !== 'BOOK') continue;
      const credit = textAt(entry, 'CdtDbtInd') === 'CRDT';
      const reversal = textAt(entry, 'RvslInd') === 'true';
      const entryAmount = amountOf(at(entry, 'Amt'));
      if (!entryAmount) throw new StatementFileError('unreadable');
      const bookingDate = dateOf(at(entry, 'BookgDt'));
      const valueDate = dateOf(at(entry, 'ValDt')) || null;
      const entryReference = textAt(entry, 'AcctSvcrRef') || textAt(entry, 'NtryRef');
      const transactions = list(entry, 'NtryDtls').flatMap((details) => list(details, 'TxDtls'));
      const items = transactions.length ? transactions : [{} as Node];
      for (const [index, transaction] of items.entries()) {
        const amount =
          amountOf(at(transaction, 'Amt')) ??
          amountOf(at(transaction, 'AmtDtls', 'TxAmt', 'Amt')) ??
          (items.length === 1 ? entryAmount : null);
        if (!amount) throw new StatementFileError('unreadable');
        const kind = kindOf(entry, transaction, credit, reversal);
        const parties = at(transaction, 'RltdPties');
        // Money in names its payer (the debtor); a return names the member whose debit came back.
        const counterpartyName = credit
          ? partyName(parties, 'Dbtr') || partyName(parties, 'UltmtDbtr')
          : partyName(parties, 'Dbtr') || partyName(parties, 'Cdtr');
        const counterpartyIban = textAt(
          parties,
          credit || kind === 'return' ? 'DbtrAcct' : 'CdtrAcct',
          'Id',
          'IBAN',
        );
        const line: Omit<StatementLine, 'key'> = {
          kind,
          amountCents: credit ? amount.cents : -amount.cents,
          currency: amount.currency || entryAmount.currency,
          bookingDate,
          valueDate,
          counterpartyName: counterpartyName.replace(/\s+/g, ' ').trim(),
          counterpartyIban: counterpartyIban.replace(/\s/g, '').toUpperCase(),
          remittance: remittanceOf(transaction),
          endToEndId: ((id) => (id === 'NOTPROVIDED' ? '' : id))(textAt(transaction, 'Refs', 'EndToEndId')),
          mandateId: textAt(transaction, 'Refs', 'MndtId'),
          reasonCode: textAt(transaction, 'RtrInf', 'Rsn', 'Cd').toUpperCase(),
        };
        const transactionReference = textAt(transaction, 'Refs', 'AcctSvcrRef');
        const key = transactionReference
          ? `ref:${transactionReference}`
          : entryReference
            ? `ref:${entryReference}${items.length > 1 ? `/${index + 1}` : ''}`
            : `sum:${digest(JSON.stringify([line, entryIndex, index]))}`;
        lines.push({ key, ...line });
      }
    }
  }
  const messageId = textAt(message, 'GrpHdr', 'MsgId');
  const reportIds = reports.map((report) => textAt(report, 'Id')).join(',');
  return {
    format,
    identity: messageId || reportIds ? `${format}:${messageId}:${reportIds}` : `${format}:${digest(content)}`,
    accountIban,
    fromDate,
    toDate,
    lines,
  };
}

// ——— CFONB 120 (relevé de compte, French banks) ———

/**
 * A CFONB amount: digits whose last one is "overpunched" with the sign: `{` and `A`–`I` for +0 to +9,
 * `}` and `J`–`R` for −0 to −9; `decimals` says where the comma is.
 */
export function cfonbAmount(field: string, decimals: number): number {
  const last = field.at(-1) ?? '';
  const positive = '{ABCDEFGHI'.indexOf(last);
  const negative = '}JKLMNOPQR'.indexOf(last);
  if (positive < 0 && negative < 0) throw new StatementFileError('unreadable');
  const digits = `${field.slice(0, -1)}${positive >= 0 ? positive : negative}`;
  if (!/^\d+$/.test(digits)) throw new StatementFileError('unreadable');
  const cents = Number(digits) * 10 ** (2 - decimals);
  if (!Number.isSafeInteger(cents)) throw new StatementFileError('unreadable');
  return negative >= 0 ? -cents : cents;
}

const cfonbDate = (ddmmyy: string) =>
  /^\d{6}$/.test(ddmmyy) ? `20${ddmmyy.slice(4, 6)}-${ddmmyy.slice(2, 4)}-${ddmmyy.slice(0, 2)}` : '';

/** The French RIB of a CFONB account (bank, branch, account, key) as its IBAN. */
export function ibanOfRib(bank: string, branch: string, account: string): string {
  const letters = account.toUpperCase().replace(/[A-Z]/g, (letter) => {
    // The RIB key converts letters to digits: A,J→1 B,K,S→2 … I,R→9.
    const index = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(letter);
    return String(index < 9 ? index + 1 : index < 18 ? index - 8 : index - 16);
  });
  const ribKey = 97 - Number((BigInt(bank + branch + letters) * 100n) % 97n);
  const bban = `${bank}${branch}${account.toUpperCase()}${String(ribKey).padStart(2, '0')}`;
  const numeric = `${bban}FR00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `FR${String(check).padStart(2, '0')}${bban}`;
}

function parseCfonb120(content: string): ParsedStatement {
  const records = content.split(/\r?\n/).map((line) => line.replace(/\s+$/, '').padEnd(120, ' '));
  const lines: StatementLine[] = [];
  let accountIban = '';
  let fromDate: string | null = null;
  let toDate: string | null = null;
  let current: (Omit<StatementLine, 'key'> & { reference: string }) | null = null;
  const flush = () => {
    if (!current) return;
    const { reference, ...line } = current;
    lines.push({ key: reference ? `ref:${reference}` : `sum:${digest(JSON.stringify(line))}`, ...line });
    current = null;
  };
  for (const record of records) {
    const code = record.slice(0, 2);
    if (!/^0[1457]$/.test(code)) throw new StatementFileError('unreadable');
    const bank = record.slice(2, 7);
    const branch = record.slice(11, 16);
    const account = record.slice(21, 32);
    const decimals = Number(record.slice(19, 20));
    if (code === '01') {
      flush();
      accountIban ||= ibanOfRib(bank, branch, account);
      const day = cfonbDate(record.slice(34, 40));
      if (day && (!fromDate || day < fromDate)) fromDate = day;
    } else if (code === '07') {
      flush();
      const day = cfonbDate(record.slice(34, 40));
      if (day && (!toDate || day > toDate)) toDate = day;
    } else if (code === '04') {
      flush();
      const amountCents = cfonbAmount(record.slice(90, 104), decimals);
      const operation = record.slice(7, 11).trim();
      const rejectCode = record.slice(40, 42).trim();
      const bookingDate = cfonbDate(record.slice(34, 40));
      const entryNumber = record.slice(81, 88).trim();
      current = {
        kind: amountCents >= 0 ? 'transfer' : 'debit',
        amountCents,
        currency: record.slice(16, 19),
        bookingDate,
        valueDate: cfonbDate(record.slice(42, 48)) || null,
        counterpartyName: '',
        counterpartyIban: '',
        remittance: record.slice(48, 79).trim(),
        endToEndId: '',
        mandateId: '',
        reasonCode: rejectCode,
        reference: entryNumber ? `${bookingDate}/${operation}/${entryNumber}` : '',
      };
    } else if (current) {
      // 05: a complement of the movement above, qualified by its zone code.
      const qualifier = record.slice(45, 48);
      const value = record.slice(48, 118).trim();
      if (qualifier === 'NPY') current.counterpartyName = value;
      else if (qualifier === 'RCN') current.endToEndId = value;
      else if (qualifier === 'RUM') current.mandateId = value;
      else current.remittance = `${current.remittance} ${value}`.trim();
    }
  }
  flush();
  for (const line of lines) {
    if (line.kind === 'transfer' && line.mandateId) line.kind = 'collection';
    else if (line.kind === 'debit' && line.endToEndId) line.kind = 'return';
    if (line.kind !== 'return') line.reasonCode = '';
  }
  if (!accountIban) throw new StatementFileError('no-account');
  return {
    format: 'cfonb120',
    identity: `cfonb120:${accountIban}:${fromDate ?? ''}:${toDate ?? ''}:${digest(content)}`,
    accountIban,
    fromDate,
    toDate,
    lines,
  };
}
