// @databases pglite
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#contract/errors';
import { SEPA_REFUSALS, type TCollectionSummary, type TMandate, type TMandateSpace } from '#contract/sepa';
import { creditorIdProblem, ibanProblem } from '#contract/sepa-identifiers';
import { EPC_ID, EPC_TEXT, sepaEndToEndId } from '#contract/sepa.plain';
import enSepa from '../../../locales/en/sepa.json';
import frSepa from '../../../locales/fr/sepa.json';
import enInvoices from '../../../locales/en/invoices.json';
import frInvoices from '../../../locales/fr/invoices.json';
import { featureTestFile } from '../../../tests/support/feature-test-file';
import { startSmtpTestServer, type SmtpTestServer } from '../../../tests/support/smtp-test-server';
import { issueInvoice } from '../../billing/invoicing';
import { insertPerson, type TestPerson } from '../../db/factories.fixtures';
import { rowsOf } from '../../db/rows';
import { jobs } from '../../db/schema/jobs';
import { JOBS } from '../../jobs';
import { createJobRunner } from '../../platform/jobs';
import { log } from '../../platform/log';
import { createMailer } from '../../platform/mail';
import { unitOfWork } from '../../platform/service-context';
import { routerAtClock } from '../reservations/reservations.fixtures';
import { invoicesCallables } from '../invoices/invoices.callables';
import {
  COMPLETE_IDENTITY,
  daySale,
  giveBillingDetails,
  invoicingSpace,
} from '../invoices/invoices.fixtures';
import { collectionFile } from './collections.service';
import { sepaCallables } from './sepa.callables';

/**
 * SEPA direct debit end to end below the browser (docs/decisions/032): mandates signed, changed and revoked by
 * their member with a confirmation e-mail over real SMTP, and collections whose pain.008 files are read back
 * with an XML parser and checked element by element against the EPC's SDD Core rules.
 */
const { database, clock, call, system } = featureTestFile(
  (now) => routerAtClock([...sepaCallables, ...invoicesCallables], now),
  '2027-03-10T10:00',
);
let smtp: SmtpTestServer;
let dataDir: string;
let manager: TestPerson;
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
let spaceId: string;

const ALICE_IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const BOB_IBAN = 'DE89370400440532013000';
const BOB_NEW_IBAN = 'NL91ABNA0417164300';

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'escale-sepa-'));
  [manager, alice, bob, carol] = await Promise.all([
    insertPerson(database.db, { name: 'Manon Manager' }),
    insertPerson(database.db, { name: 'Alice Martin' }),
    insertPerson(database.db, { name: 'Bob Durand' }),
    insertPerson(database.db, { name: 'Carol Petit' }),
  ]);
  for (const person of [alice, bob, carol]) await giveBillingDetails(database.db, person.id);
  spaceId = await invoicingSpace(database.db, manager.id);
});
afterAll(async () => {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const issue = (buyer: TestPerson, cents: number) =>
  unitOfWork(system(), (work) => issueInvoice(work, daySale(spaceId, buyer.id, cents), 'explicit')).then(
    (invoice) => invoice!,
  );

async function runJobs() {
  const runner = createJobRunner({
    db: database.db,
    jobs: JOBS,
    baseUrl: 'https://escale.test',
    mailer: createMailer({ smtpUrl: smtp.url, mailFrom: 'Escale <no-reply@escale.test>', dataDir }),
    log,
  });
  await database.db.update(jobs).set({ runAt: clock.now }).where(eq(jobs.status, 'queued'));
  return runner.runDue(clock.now);
}

const mailsTo = (person: TestPerson) => smtp.mails.filter((mail) => mail.to.includes(person.email));

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'done';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, ...error.details };
  }
}

const sign = (person: TestPerson, iban: string, debtorName = person.session.user.name) =>
  call<TMandate>(person, 'sepa.sign', { spaceId, debtorName, iban, accepted: true });

describe('identifiers', () => {
  it('refuses an IBAN and a creditor identifier with wrong check digits, saying so in French and English', async () => {
    expect(await refusalOf(sign(alice, 'FR7630006000011234567890188'))).toMatchObject({
      code: 'invalid-argument',
      fields: [{ path: 'iban', message: 'iban-check-digits' }],
    });
    const identity = { ...COMPLETE_IDENTITY, spaceId, sepaCreditorId: 'FR73 ZZZ 123456' };
    expect(await refusalOf(call(manager, 'invoicing.updateIdentity', identity))).toMatchObject({
      code: 'invalid-argument',
      fields: [{ path: 'sepaCreditorId', message: 'creditor-id-check-digits' }],
    });
    // The messages the forms show beside the field, in both languages.
    expect(frSepa.validation['iban-check-digits']).toMatch(/clé de contrôle/);
    expect(enSepa.validation['iban-check-digits']).toMatch(/check digits/);
    expect(frInvoices.validation['creditor-id-check-digits']).toMatch(/clé de contrôle/);
    expect(enInvoices.validation['creditor-id-check-digits']).toMatch(/check digits/);
    for (const reason of SEPA_REFUSALS) {
      expect(frSepa.refusals[reason]).toBeTruthy();
      expect(enSepa.refusals[reason]).toBeTruthy();
    }
  });
});

describe('mandates', () => {
  it('signs, changes and revokes a mandate as new versions, each confirmed by e-mail with its text', async () => {
    await issue(carol, 1000); // Carol is a customer of the space: she may sign.
    const signed = await sign(carol, 'FR7630006000011234567890189', 'Carol Petit');
    expect(signed).toMatchObject({ version: 1, status: 'active', maskedIban: 'FR76 •••• 0189' });
    expect(signed.reference).toMatch(/^ESC-20270310-[A-Z0-9]{8}$/);
    const changed = await sign(carol, BOB_NEW_IBAN, 'Carol Petit');
    expect(changed).toMatchObject({ reference: signed.reference, version: 2, maskedIban: 'NL91 •••• 4300' });
    const revoked = await call<TMandate>(carol, 'sepa.revoke', { spaceId });
    expect(revoked).toMatchObject({ reference: signed.reference, version: 3, status: 'revoked' });
    expect(await refusalOf(call(carol, 'sepa.revoke', { spaceId }))).toMatchObject({ reason: 'no-mandate' });

    await runJobs();
    const subjects = mailsTo(carol).map((mail) => mail.subject);
    expect(
      subjects.some((subject) => subject.startsWith(`Votre mandat de prélèvement SEPA ${signed.reference}`)),
    ).toBe(true);
    const first = mailsTo(carol).find((mail) => mail.subject.startsWith('Votre mandat de prélèvement SEPA'))!;
    expect(first.text).toContain('En signant ce formulaire de mandat, vous autorisez Escale Parmentier SAS');
    expect(first.text).toContain('FR72ZZZ123456');
    expect(first.text).toContain('FR76 •••• 0189');
    expect(first.text).not.toContain('FR7630006000011234567890189');
    expect(subjects.some((subject) => subject.includes('révoqué'))).toBe(true);

    // The manager sees the member's mandate, masked; the member sees the space they may sign to.
    const { members } = await call<{ members: Array<{ userId: string; mandate: TMandate | null }> }>(
      manager,
      'sepa.listSpace',
      { spaceId },
    );
    expect(members.find((member) => member.userId === carol.id)?.mandate).toMatchObject({
      status: 'revoked',
    });
    const mine = await call<{ spaces: TMandateSpace[] }>(carol, 'sepa.listMine', {});
    expect(mine.spaces).toEqual([
      expect.objectContaining({ spaceId, ready: true, creditorId: 'FR72ZZZ123456', mandate: revoked }),
    ]);
    expect(mine.spaces[0]!.mandateText[0]).toContain('vous autorisez Escale Parmentier SAS');
    const kinds = await rowsOf<{ kind: string }>(
      database.db,
      sql`SELECT kind FROM activity_entries WHERE subject_type = 'sepa_mandate' ORDER BY id`,
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      'sepa_mandate.signed',
      'sepa_mandate.signed',
      'sepa_mandate.revoked',
    ]);
  });

  it('lets only the space’s managers see its mandates and run its collections', async () => {
    expect(await refusalOf(call(alice, 'sepa.listSpace', { spaceId }))).toMatchObject({
      code: 'permission-denied',
    });
    expect(
      await refusalOf(call(alice, 'sepa.createCollection', { spaceId, collectionDate: '2027-04-10' })),
    ).toMatchObject({ code: 'permission-denied' });
  });
});

// ——— Reading a pain.008 back ———

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name: string) => ['PmtInf', 'DrctDbtTxInf'].includes(name),
});
const node = (value: unknown, ...names: string[]): Node =>
  names.reduce((current, name) => (current as Node)[name] as Node, value as Node);
const text = (value: unknown, ...names: string[]): string => {
  const found = node(value, ...names) as unknown;
  return typeof found === 'object' && found !== null ? String((found as Node)['#text']) : String(found);
};
const DECIMAL = /^\d{1,16}\.\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** Every text of the document, to check the EPC's character set on all of it. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => !key.startsWith('@'))
      .flatMap(([, child]) => textsOf(child));
  return [];
}

interface ReadDebit {
  endToEndId: string;
  amountCents: number;
  sequenceType: string;
  mandateId: string;
  amended: boolean;
  debtorName: string;
  remittance: string;
}

/** Reads a pain.008.001.02 back and checks it against the EPC SDD Core rules; its debits. */
function readPain008(xml: string, collectionDate: string): ReadDebit[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = parser.parse(xml) as Node;
  const root = node(document, 'Document');
  expect(root['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
  const initiation = node(root, 'CstmrDrctDbtInitn');
  const header = node(initiation, 'GrpHdr');
  expect(text(header, 'MsgId')).toMatch(EPC_ID);
  expect(text(header, 'CreDtTm')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  expect(text(header, 'InitgPty', 'Nm').length).toBeLessThanOrEqual(70);
  for (const value of textsOf(initiation)) expect(value).toMatch(EPC_TEXT);

  const debits: ReadDebit[] = [];
  const blocks = initiation.PmtInf as Node[];
  for (const block of blocks) {
    expect(text(block, 'PmtInfId')).toMatch(EPC_ID);
    expect(text(block, 'PmtMtd')).toBe('DD');
    expect(text(block, 'PmtTpInf', 'SvcLvl', 'Cd')).toBe('SEPA');
    expect(text(block, 'PmtTpInf', 'LclInstrm', 'Cd')).toBe('CORE');
    const sequenceType = text(block, 'PmtTpInf', 'SeqTp');
    expect(['FRST', 'RCUR']).toContain(sequenceType);
    expect(text(block, 'ReqdColltnDt')).toBe(collectionDate);
    expect(text(block, 'Cdtr', 'Nm')).toBe('Escale Parmentier SAS');
    expect(ibanProblem(text(block, 'CdtrAcct', 'Id', 'IBAN'))).toBeNull();
    expect(text(block, 'CdtrAgt', 'FinInstnId', 'BIC')).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    expect(text(block, 'ChrgBr')).toBe('SLEV');
    const scheme = node(block, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr');
    expect(creditorIdProblem(text(scheme, 'Id'))).toBeNull();
    expect(text(scheme, 'SchmeNm', 'Prtry')).toBe('SEPA');
    const transactions = block.DrctDbtTxInf as Node[];
    expect(Number(text(block, 'NbOfTxs'))).toBe(transactions.length);
    let blockSum = 0;
    for (const transaction of transactions) {
      const amount = node(transaction, 'InstdAmt');
      expect(amount['@Ccy']).toBe('EUR');
      expect(text(transaction, 'InstdAmt')).toMatch(DECIMAL);
      const mandate = node(transaction, 'DrctDbtTx', 'MndtRltdInf');
      expect(text(mandate, 'MndtId')).toMatch(EPC_ID);
      expect(text(mandate, 'DtOfSgntr')).toMatch(DATE);
      const amended = text(mandate, 'AmdmntInd') === 'true';
      if (amended) {
        expect(text(mandate, 'AmdmntInfDtls', 'OrgnlDbtrAcct', 'Id', 'Othr', 'Id')).toBe('SMNDA');
        expect(sequenceType).toBe('FRST');
      } else expect(text(mandate, 'AmdmntInd')).toBe('false');
      expect(text(transaction, 'DbtrAgt', 'FinInstnId', 'Othr', 'Id')).toBe('NOTPROVIDED');
      const debtorName = text(transaction, 'Dbtr', 'Nm');
      expect(debtorName.length).toBeGreaterThan(0);
      expect(debtorName.length).toBeLessThanOrEqual(70);
      expect(ibanProblem(text(transaction, 'DbtrAcct', 'Id', 'IBAN'))).toBeNull();
      const remittance = text(transaction, 'RmtInf', 'Ustrd');
      expect(remittance.length).toBeLessThanOrEqual(140);
      const endToEndId = text(transaction, 'PmtId', 'EndToEndId');
      expect(endToEndId).toMatch(EPC_ID);
      blockSum += cents(text(transaction, 'InstdAmt'));
      debits.push({
        endToEndId,
        amountCents: cents(text(transaction, 'InstdAmt')),
        sequenceType,
        mandateId: text(mandate, 'MndtId'),
        amended,
        debtorName,
        remittance,
      });
    }
    expect(text(block, 'CtrlSum')).toMatch(DECIMAL);
    expect(cents(text(block, 'CtrlSum'))).toBe(blockSum);
  }
  expect(Number(text(header, 'NbOfTxs'))).toBe(debits.length);
  expect(text(header, 'CtrlSum')).toMatch(DECIMAL);
  expect(cents(text(header, 'CtrlSum'))).toBe(debits.reduce((total, debit) => total + debit.amountCents, 0));
  expect(new Set(debits.map((debit) => debit.endToEndId)).size).toBe(debits.length);
  return debits;
}

describe('collections', () => {
  it('gathers exactly the due invoices of members with an active mandate into an EPC-conform pain.008', async () => {
    clock.set('2027-03-10T10:00');
    const aliceFirst = await issue(alice, 1000); // due 9 April: 12,00 €
    const bobFirst = await issue(bob, 2550); // due 9 April: 30,60 €
    const carolOwn = await issue(carol, 500); // Carol revoked her mandate: not collected
    clock.set('2027-03-20T10:00');
    const aliceLater = await issue(alice, 700); // due 19 April: not by 10 April
    await sign(alice, ALICE_IBAN, 'Zoé Lefèvre & fils');
    await sign(bob, BOB_IBAN);

    expect(
      await refusalOf(call(manager, 'sepa.createCollection', { spaceId, collectionDate: '2027-04-02' })),
    ).toMatchObject({ reason: 'too-soon', earliest: '2027-04-03' });
    const preview = await call<{ lines: Array<{ invoiceNumber: string }>; totalCents: number }>(
      manager,
      'sepa.previewCollection',
      { spaceId, collectionDate: '2027-04-10' },
    );
    expect(preview.lines.map((line) => line.invoiceNumber)).toEqual([aliceFirst.number, bobFirst.number]);
    expect(preview.totalCents).toBe(1200 + 3060);

    const collection = await call<TCollectionSummary>(manager, 'sepa.createCollection', {
      spaceId,
      collectionDate: '2027-04-10',
    });
    expect(collection).toMatchObject({ transactions: 2, controlSumCents: 4260 });
    const file = await collectionFile({ ...system(), actor: manager.session.user }, collection.id);
    const debits = readPain008(file.document, '2027-04-10');
    expect(debits).toEqual([
      expect.objectContaining({
        endToEndId: sepaEndToEndId(aliceFirst.number, 1),
        amountCents: 1200,
        sequenceType: 'FRST',
        amended: false,
        debtorName: 'Zoe Lefevre fils',
        remittance: aliceFirst.number,
      }),
      expect.objectContaining({ endToEndId: sepaEndToEndId(bobFirst.number, 1), amountCents: 3060 }),
    ]);
    expect(debits.map((debit) => debit.remittance)).not.toContain(carolOwn.number);
    expect(debits.map((debit) => debit.remittance)).not.toContain(aliceLater.number);

    // The invoice says it will be debited, when and from which account.
    const listed = await call<{ invoices: Array<{ number: string; directDebit: unknown }> }>(
      alice,
      'invoices.listMine',
      {},
    );
    expect(listed.invoices.find((invoice) => invoice.number === aliceFirst.number)?.directDebit).toEqual({
      collectionDate: '2027-04-10',
      maskedIban: 'FR76 •••• 0189',
      reference: expect.stringMatching(/^ESC-20270320-/),
    });
    expect(listed.invoices.find((invoice) => invoice.number === aliceLater.number)?.directDebit).toBeNull();
    // Recorded, not paid: the bank's statement settles them (docs/decisions/033).
    const statuses = await rowsOf<{ payment_status: string }>(
      database.db,
      sql`SELECT payment_status FROM invoices WHERE id IN (${aliceFirst.id}, ${bobFirst.id})`,
    );
    expect(statuses.map((row) => row.payment_status)).toEqual(['unpaid', 'unpaid']);
    expect(
      await refusalOf(call(manager, 'sepa.createCollection', { spaceId, collectionDate: '2027-04-10' })),
    ).toMatchObject({ reason: 'nothing-due' });

    // Each member is told the amount and the date, in advance.
    await runJobs();
    const notice = mailsTo(alice).find((mail) => mail.subject.startsWith('Prélèvement de 12,00'))!;
    expect(notice.subject).toMatch(/^Prélèvement de 12,00\s€ le samedi 10 avril 2027 \(/);
    expect(notice.text).toContain(aliceFirst.number);

    // Next month: Alice's mandate is recurrent now; Bob changed bank, so his next debit is a first one again.
    clock.set('2027-04-05T10:00');
    const bobSecond = await issue(bob, 1000);
    await sign(bob, BOB_NEW_IBAN);
    const next = await call<TCollectionSummary>(manager, 'sepa.createCollection', {
      spaceId,
      collectionDate: '2027-05-06',
    });
    const again = readPain008(
      (await collectionFile({ ...system(), actor: manager.session.user }, next.id)).document,
      '2027-05-06',
    );
    // One payment information block per sequence type: the first debits, then the recurrent ones.
    expect(again).toEqual([
      expect.objectContaining({ remittance: bobSecond.number, sequenceType: 'FRST', amended: true }),
      expect.objectContaining({ remittance: aliceLater.number, sequenceType: 'RCUR', amended: false }),
    ]);
    const [entry] = await rowsOf<{ kind: string; details: { amountCents: number } }>(
      database.db,
      sql`SELECT kind, details FROM activity_entries WHERE subject_id = ${next.id}`,
    );
    expect(entry).toMatchObject({ kind: 'sepa_collection.created', details: { amountCents: 840 + 1200 } });
  });
});
