import { decimalOf } from '#contract/money';

/**
 * camt.053.001.02 statements written for tests, the benchmark and the browser test, entry by entry as a
 * French bank writes them (ISO 20022: `Ntry` with its `AcctSvcrRef`, bank transaction code, and one
 * `TxDtls` with the parties, references and remittance). The hand-written files in `samples/` are the
 * reference these follow.
 */

export interface SampleEntry {
  /** The bank's reference of the entry: unique per account. */
  reference: string;
  /** Positive: money in; negative: money out. */
  amountCents: number;
  name?: string;
  remittance?: string;
  endToEndId?: string;
  mandateId?: string;
  /** An R-transaction's reason code: the entry is a returned direct debit. */
  reasonCode?: string;
  /** `collection`: a direct debit this account collected (family IDDT). */
  collection?: boolean;
  bookingDate?: string;
}

export const SAMPLE_IBAN = 'FR7630006000011234567890189';

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entryXml(entry: SampleEntry, day: string): string {
  const credit = entry.amountCents > 0;
  const family = entry.reasonCode
    ? '<Fmly><Cd>IDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly>'
    : entry.collection
      ? '<Fmly><Cd>IDDT</Cd><SubFmlyCd>ESDD</SubFmlyCd></Fmly>'
      : `<Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly>`;
  const refs = `<Refs><EndToEndId>${escaped(entry.endToEndId ?? 'NOTPROVIDED')}</EndToEndId>${
    entry.mandateId ? `<MndtId>${escaped(entry.mandateId)}</MndtId>` : ''
  }</Refs>`;
  const amount = decimalOf(Math.abs(entry.amountCents));
  return `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${entry.bookingDate ?? day}</Dt></BookgDt><ValDt><Dt>${entry.bookingDate ?? day}</Dt></ValDt>
<AcctSvcrRef>${escaped(entry.reference)}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd>${family}</Domn></BkTxCd>
<NtryDtls><TxDtls>${refs}<AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>
<RltdPties><Dbtr><Nm>${escaped(entry.name ?? '')}</Nm></Dbtr></RltdPties>${
    entry.remittance ? `<RmtInf><Ustrd>${escaped(entry.remittance)}</Ustrd></RmtInf>` : ''
  }${entry.reasonCode ? `<RtrInf><Rsn><Cd>${entry.reasonCode}</Cd></Rsn></RtrInf>` : ''}</TxDtls></NtryDtls></Ntry>`;
}

/** A camt.053 end-of-day statement of `day` holding `entries`. */
export function camt053(options: {
  messageId: string;
  day: string;
  entries: readonly SampleEntry[];
  iban?: string;
}): string {
  const { messageId, day } = options;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>${escaped(messageId)}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${escaped(messageId)}-1</Id><CreDtTm>${day}T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${day}T00:00:00</FrDtTm><ToDtTm>${day}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${options.iban ?? SAMPLE_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${options.entries.map((entry) => entryXml(entry, day)).join('\n')}
</Stmt></BkToCstmrStmt></Document>
`;
}
