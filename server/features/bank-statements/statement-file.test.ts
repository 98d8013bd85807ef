import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  StatementFileError,
  cfonbAmount,
  ibanOfRib,
  parseStatementFile,
  type StatementLine,
} from './statement-file';

/** Statement files written by hand after ISO 20022 camt.053.001.02, camt.054.001.08 and the CFONB 120. */
const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

const refusal = (text: string) => {
  try {
    parseStatementFile(text);
  } catch (error) {
    return error instanceof StatementFileError ? error.reason : error;
  }
  return null;
};

describe('camt.053', () => {
  const statement = parseStatementFile(sample('camt053.001.02.xml'));
  const byKey = new Map(statement.lines.map((line) => [line.key, line]));

  it('names the statement and its account', () => {
    expect(statement).toMatchObject({
      format: 'camt.053',
      identity: 'camt.053:STMT-20270312-0001:2027-071-0001',
      accountIban: 'FR7630006000011234567890189',
      fromDate: '2027-03-11',
      toDate: '2027-03-11',
    });
  });

  it('reads a transfer with its payer, remittance and the bank reference', () => {
    expect(byKey.get('ref:BQ20270311-000001')).toEqual<StatementLine>({
      key: 'ref:BQ20270311-000001',
      kind: 'transfer',
      amountCents: 12000,
      currency: 'EUR',
      bookingDate: '2027-03-11',
      valueDate: '2027-03-11',
      counterpartyName: 'MME CAMILLE MARTIN',
      counterpartyIban: 'FR1420041010050500013M02606',
      remittance: 'Facture F-2027-000001 merci',
      endToEndId: '',
      mandateId: '',
      reasonCode: '',
    });
  });

  it('splits a batch of collected direct debits into its transactions, each with its end-to-end id', () => {
    const collected = statement.lines.filter((line) => line.kind === 'collection');
    expect(collected.map((line) => [line.key, line.endToEndId, line.mandateId, line.amountCents])).toEqual([
      ['ref:BQ20270311-000002-1', 'E2E-0001', 'RUM-0001', 18000],
      ['ref:BQ20270311-000002-2', 'E2E-0002', 'RUM-0002', 12000],
    ]);
  });

  it('reads a returned direct debit as money out with its reason code', () => {
    expect(byKey.get('ref:BQ20270311-000003')).toMatchObject({
      kind: 'return',
      amountCents: -18000,
      endToEndId: 'E2E-0009',
      reasonCode: 'AM04',
    });
  });

  it('keeps other debits apart and leaves pending entries out', () => {
    expect(byKey.get('ref:BQ20270311-000004')).toMatchObject({ kind: 'debit', amountCents: -4590 });
    expect(byKey.has('ref:BQ20270311-000005')).toBe(false);
    expect(statement.lines).toHaveLength(5);
  });
});

describe('camt.054', () => {
  it('reads version .08 (a party under Pty, structured reference) and keys the line as the statement does', () => {
    const notification = parseStatementFile(sample('camt054.001.08.xml'));
    expect(notification.format).toBe('camt.054');
    expect(notification.lines).toEqual([
      expect.objectContaining({
        key: 'ref:BQ20270311-000001',
        kind: 'transfer',
        amountCents: 12000,
        bookingDate: '2027-03-11',
        counterpartyName: 'Camille Martin',
        remittance: 'F-2027-000001',
        endToEndId: 'VIR-CM-0311',
      }),
    ]);
  });
});

describe('CFONB 120', () => {
  const statement = parseStatementFile(sample('cfonb120.txt'));

  it('gives the account as its IBAN and the period from the balances', () => {
    expect(statement).toMatchObject({
      format: 'cfonb120',
      accountIban: 'FR7630006000011234567890189',
      fromDate: '2027-03-10',
      toDate: '2027-03-11',
    });
  });

  it('reads movements with their complements (payer, remittance, end-to-end reference)', () => {
    expect(
      statement.lines.map((line) => [line.kind, line.amountCents, line.counterpartyName, line.endToEndId]),
    ).toEqual([
      ['transfer', 12000, 'CAMILLE MARTIN', ''],
      ['transfer', 24000, 'SARL DUPONT', ''],
      ['return', -18000, '', 'E2E-0009'],
    ]);
    expect(statement.lines[1]!.remittance).toBe('VIR SEPA SARL DUPONT F2027-4 ET F2027-5');
    expect(statement.lines[0]!.key).toBe('ref:2027-03-11/05/0000001');
  });

  it('reads signed amounts overpunched in their last digit', () => {
    expect(cfonbAmount('0000000001200{', 2)).toBe(12000);
    expect(cfonbAmount('0000000001234E', 2)).toBe(12345);
    expect(cfonbAmount('0000000001800}', 2)).toBe(-18000);
    expect(cfonbAmount('0000000000001J', 0)).toBe(-1100);
  });

  it('computes the RIB key and the IBAN check digits', () => {
    expect(ibanOfRib('30006', '00001', '12345678901')).toBe('FR7630006000011234567890189');
  });
});

describe('refusals', () => {
  it('says what is wrong with a file it cannot read', () => {
    expect(refusal('hello')).toBe('unknown-format');
    expect(refusal('<Document><Other/></Document>')).toBe('unknown-format');
    expect(refusal('<Document><BkToCstmrStmt><Stmt><Id>1</Id></Stmt></BkToCstmrStmt></Document>')).toBe(
      'no-account',
    );
    expect(
      refusal(
        '<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>FR76</IBAN></Id></Acct><Ntry><Amt>1,5</Amt></Ntry></Stmt></BkToCstmrStmt></Document>',
      ),
    ).toBe('unreadable');
    expect(refusal(`${sample('cfonb120.txt')}\n99 not a record`)).toBe('unreadable');
  });
});
