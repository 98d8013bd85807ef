import { decimalOf } from '#contract/money';
import { SEPA_ID_MAX, SEQUENCE_TYPES, type SequenceType } from '#contract/sepa.plain';

/**
 * A SEPA Core direct-debit initiation, ISO 20022 pain.008.001.02, as the EPC's SDD Core Customer-to-Bank
 * Implementation Guidelines and the French banks' (CFONB) guide read it (docs/decisions/032). Pure: the
 * collection's service gives the data, this writes the file. One payment information block per sequence type
 * (FRST, RCUR), as the sequence type is set per block; free text in the EPC's Latin character set and within
 * its lengths; amounts with two decimals, control sums their exact sum (integer cents, no float).
 */

export interface Pain008Debit {
  endToEndId: string;
  amountCents: number;
  sequenceType: SequenceType;
  mandateReference: string;
  /** The day the mandate (this version) was signed. */
  signedOn: string;
  debtorName: string;
  debtorIban: string;
  /**
   * The debtor's account changed since the last debit collected under this mandate: the EPC's amendment
   * `SMNDA` (same mandate, new debtor agent) in the original debtor account, with FRST.
   */
  accountChanged: boolean;
  /** The unstructured remittance information: the invoice's number, for the member's bank statement. */
  remittance: string;
}

export interface Pain008Input {
  messageId: string;
  /** When the file was made, as the space's wall clock reads it (`2026-11-27T18:05:00`). */
  createdAt: string;
  collectionDate: string;
  creditor: { name: string; iban: string; bic: string; creditorId: string };
  debits: Pain008Debit[];
}

/** The longest names and remittance texts the EPC takes (Max70Text, Max140Text). */
const NAME_MAX = 70;
const REMITTANCE_MAX = 140;

/**
 * Free text in the EPC's character set: accents dropped (é → e), anything else outside the set a space,
 * spaces folded, cut to `max` characters.
 */
export function epcText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** `&`, `<`, `>` and quotes can no longer be there after `epcText`; escaped all the same, in one place. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function requireId(id: string, what: string): string {
  if (!/^[A-Za-z0-9/\-?:().,'+]{1,35}$/.test(id) || id.length > SEPA_ID_MAX)
    throw new RangeError(`${what} ${id}`);
  return id;
}

const sumOf = (debits: readonly Pain008Debit[]) =>
  debits.reduce((total, debit) => total + debit.amountCents, 0);

function agent(bic: string): string {
  return bic
    ? `<FinInstnId><BIC>${xml(bic)}</BIC></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

function transaction(debit: Pain008Debit): string {
  const amendment = debit.accountChanged
    ? '<AmdmntInd>true</AmdmntInd><AmdmntInfDtls><OrgnlDbtrAcct><Id><Othr><Id>SMNDA</Id></Othr></Id></OrgnlDbtrAcct></AmdmntInfDtls>'
    : '<AmdmntInd>false</AmdmntInd>';
  return [
    '<DrctDbtTxInf>',
    `<PmtId><EndToEndId>${xml(requireId(debit.endToEndId, 'end-to-end id'))}</EndToEndId></PmtId>`,
    `<InstdAmt Ccy="EUR">${decimalOf(debit.amountCents)}</InstdAmt>`,
    '<DrctDbtTx><MndtRltdInf>',
    `<MndtId>${xml(requireId(debit.mandateReference, 'mandate reference'))}</MndtId>`,
    `<DtOfSgntr>${debit.signedOn}</DtOfSgntr>`,
    amendment,
    '</MndtRltdInf></DrctDbtTx>',
    `<DbtrAgt>${agent('')}</DbtrAgt>`,
    `<Dbtr><Nm>${xml(epcText(debit.debtorName, NAME_MAX) || 'NOTPROVIDED')}</Nm></Dbtr>`,
    `<DbtrAcct><Id><IBAN>${xml(debit.debtorIban)}</IBAN></Id></DbtrAcct>`,
    `<RmtInf><Ustrd>${xml(epcText(debit.remittance, REMITTANCE_MAX))}</Ustrd></RmtInf>`,
    '</DrctDbtTxInf>',
  ].join('');
}

function paymentInformation(input: Pain008Input, sequenceType: SequenceType, debits: Pain008Debit[]): string {
  const creditorName = xml(epcText(input.creditor.name, NAME_MAX));
  return [
    '<PmtInf>',
    `<PmtInfId>${xml(requireId(`${input.messageId}-${sequenceType}`, 'payment information id'))}</PmtInfId>`,
    '<PmtMtd>DD</PmtMtd>',
    '<BtchBookg>true</BtchBookg>',
    `<NbOfTxs>${debits.length}</NbOfTxs>`,
    `<CtrlSum>${decimalOf(sumOf(debits))}</CtrlSum>`,
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm>',
    `<SeqTp>${sequenceType}</SeqTp></PmtTpInf>`,
    `<ReqdColltnDt>${input.collectionDate}</ReqdColltnDt>`,
    `<Cdtr><Nm>${creditorName}</Nm></Cdtr>`,
    `<CdtrAcct><Id><IBAN>${xml(input.creditor.iban)}</IBAN></Id></CdtrAcct>`,
    `<CdtrAgt>${agent(input.creditor.bic)}</CdtrAgt>`,
    '<ChrgBr>SLEV</ChrgBr>',
    '<CdtrSchmeId><Id><PrvtId><Othr>',
    `<Id>${xml(input.creditor.creditorId)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm>`,
    '</Othr></PrvtId></Id></CdtrSchmeId>',
    ...debits.map(transaction),
    '</PmtInf>',
  ].join('');
}

/** The pain.008.001.02 document of a collection (UTF-8, no byte-order mark). */
export function writePain008(input: Pain008Input): string {
  if (input.debits.length === 0) throw new RangeError('a collection holds at least one debit');
  const blocks = SEQUENCE_TYPES.map(
    (type) => [type, input.debits.filter((debit) => debit.sequenceType === type)] as const,
  )
    .filter(([, debits]) => debits.length > 0)
    .map(([type, debits]) => paymentInformation(input, type, debits));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" ',
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '<CstmrDrctDbtInitn><GrpHdr>',
    `<MsgId>${xml(requireId(input.messageId, 'message id'))}</MsgId>`,
    `<CreDtTm>${input.createdAt}</CreDtTm>`,
    `<NbOfTxs>${input.debits.length}</NbOfTxs>`,
    `<CtrlSum>${decimalOf(sumOf(input.debits))}</CtrlSum>`,
    `<InitgPty><Nm>${xml(epcText(input.creditor.name, NAME_MAX))}</Nm></InitgPty>`,
    '</GrpHdr>',
    ...blocks,
    '</CstmrDrctDbtInitn></Document>\n',
  ].join('');
}
